/**
 * The security headers FlipStage answers with: Firebase Hosting's (firebase.json, written and checked
 * by scripts/hosting-headers.mjs) and the local host's (functions/src/localHost/securityHeaders.ts). The
 * Content-Security-Policy allows what the app loads and nothing more. What it loads depends on the
 * build's VITE_ settings, so a build states it (PageSources, in PAGE_SOURCES_FILE beside its files:
 * web/vite-plugins/pageSources.ts) and the headers are made from that statement.
 */

/** What a build of the web app loads from beyond its own origin. */
export interface PageSources {
  /** Firebase's services on Google's servers: a Firebase-mode build that is not for the emulators. */
  firebase: boolean;
  /** The origin of the Auth SDK's hidden iframe for provider sign-in (https://<authDomain>), when on Google. */
  authOrigin: string | null;
  /** App Check's reCAPTCHA Enterprise. */
  appCheck: boolean;
  /** Google Analytics through Firebase (VITE_GA_MEASUREMENT_ID). */
  analytics: boolean;
  /** The Crisp chat widget (VITE_CRISP_WEBSITE_ID). */
  chat: boolean;
  /** Further origins the app talks to, shows images from and frames: the emulators, the local host's API port. */
  origins: string[];
}

/** Where a build keeps its PageSources: a dotfile, which neither Hosting nor the local host serves. */
export const PAGE_SOURCES_FILE = '.page-sources.json';

/**
 * The Emulator Suite's Auth, Firestore and Storage emulators, on ports each run picks (the app's
 * settings name two of them, the image URLs the third).
 */
const EMULATORS = 'http://127.0.0.1:*';

/** What a build made with these VITE_ settings loads (web/src/backend/config.ts reads them the same way). */
export function pageSourcesFromSettings(env: Record<string, string | undefined>): PageSources {
  const firebaseMode = env.VITE_BACKEND === 'firebase';
  const emulators = firebaseMode && env.VITE_FIREBASE_EMULATORS === 'true';
  const firebase = firebaseMode && !emulators;
  return {
    firebase,
    authOrigin: firebase && env.VITE_FIREBASE_AUTH_DOMAIN ? `https://${env.VITE_FIREBASE_AUTH_DOMAIN}` : null,
    // With the emulators App Check runs its debug provider, which loads no reCAPTCHA (web/src/backend/appCheck.ts).
    appCheck: firebase && env.VITE_APP_CHECK !== 'off',
    // Local mode's Firebase config has no app id, so the analytics SDK gives up before loading anything.
    analytics: firebase && Boolean(env.VITE_GA_MEASUREMENT_ID),
    chat: Boolean(env.VITE_CRISP_WEBSITE_ID),
    origins: emulators ? [EMULATORS] : [],
  };
}

const FIREBASE_STORAGE = ['https://firebasestorage.googleapis.com', 'https://storage.googleapis.com'];

/**
 * The sign-in providers' photo hosts that profileRules.ts lets an avatar be on (a test holds the two
 * together); Google's lh0–lh9 as one wildcard, the narrowest a policy can say it.
 */
const AVATAR_HOSTS = [
  'https://*.googleusercontent.com',
  'https://graph.facebook.com',
  'https://platform-lookaside.fbsbx.com',
  'https://pbs.twimg.com',
  'https://avatars.githubusercontent.com',
];

export type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'media-src'
  | 'frame-src'
  | 'worker-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

/** Each directive's sources, in the order the policy lists them; a directive left out falls back to default-src. */
export function policyDirectives(sources: PageSources): Map<Directive, string[]> {
  const { firebase, authOrigin, appCheck, analytics, chat, origins } = sources;
  const when = (condition: boolean, ...values: string[]) => (condition ? values : []);
  return new Map<Directive, string[]>([
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        // The HEIC decoder is WebAssembly, compiled in its worker.
        "'wasm-unsafe-eval'",
        // For a provider's sign-in the Auth SDK loads Google's API loader, which opens its iframe;
        // against the Auth emulator too.
        'https://apis.google.com',
        ...when(appCheck, 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'),
        ...when(analytics, 'https://www.googletagmanager.com'),
        ...when(chat, 'https://client.crisp.chat'),
      ],
    ],
    [
      'style-src',
      [
        "'self'",
        // Mantine writes its theme's CSS variables into a style element at run time, index.html
        // paints its shell from one, and the chat widget colours itself the same way.
        "'unsafe-inline'",
        ...when(chat, 'https://client.crisp.chat'),
      ],
    ],
    [
      'img-src',
      [
        "'self'",
        // Photos the seller adds show from the browser's memory (blob:) before they are uploaded;
        // data: for the empty stand-in of a HEIC still being decoded, and the chat's icons.
        'data:',
        'blob:',
        ...AVATAR_HOSTS,
        ...when(firebase, ...FIREBASE_STORAGE),
        ...when(analytics, 'https://*.google-analytics.com', 'https://*.googletagmanager.com'),
        ...when(chat, 'https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'),
        ...origins,
      ],
    ],
    ['font-src', ["'self'", ...when(chat, 'https://client.crisp.chat')]],
    [
      'connect-src',
      [
        "'self'",
        // The studio keeps a copy of a HEIC's decoded preview, read back from its blob: URL.
        'blob:',
        ...when(
          firebase,
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          'https://firestore.googleapis.com',
          // Downloads and "List on Marketplace" fetch the staged image itself.
          ...FIREBASE_STORAGE,
        ),
        ...when(appCheck, 'https://content-firebaseappcheck.googleapis.com'),
        ...when(
          analytics,
          'https://firebase.googleapis.com',
          'https://firebaseinstallations.googleapis.com',
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
          'https://*.googletagmanager.com',
        ),
        ...when(
          chat,
          'https://client.crisp.chat',
          'https://storage.crisp.chat',
          'wss://client.relay.crisp.chat',
          'wss://stream.relay.crisp.chat',
        ),
        ...origins,
      ],
    ],
    ['media-src', ["'self'", ...when(chat, 'https://client.crisp.chat')]],
    [
      'frame-src',
      [
        "'self'",
        ...(authOrigin ? [authOrigin] : []),
        ...when(appCheck, 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'),
        ...when(chat, 'https://game.crisp.chat'),
        ...origins,
      ],
    ],
    // The chat widget runs its workers from blob: URLs made from its own scripts.
    ['worker-src', ["'self'", ...when(chat, 'blob:', 'https://client.crisp.chat')]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
}

export function contentSecurityPolicy(sources: PageSources): string {
  return [...policyDirectives(sources)].map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** What every answer refuses, page or not: being framed, by any site (clickjacking). */
const NO_FRAMING = "frame-ancestors 'none'";

/** Powerful features the app never uses, refused to it and to every frame it holds. */
const PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A year: browsers go to https without asking for that long after any answer. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /**
   * What the app's pages load, or null for an answer that is no page of the app (the local host's
   * stand-ins for Stripe's pages), which gets only the refusal to be framed.
   */
  sources: PageSources | null;
  /** Served over https: Hosting sends HSTS, the local host (http) does not. */
  https: boolean;
}

export function securityHeaders({ sources, https }: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': sources ? contentSecurityPolicy(sources) : NO_FRAMING,
    // Other sites learn the origin a visitor came from, never the page (a listing's, a search's).
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
