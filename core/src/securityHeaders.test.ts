import { describe, expect, it } from 'vitest';
import { isAllowedAvatar, RULES_PATTERNS } from './profileRules.js';
import {
  contentSecurityPolicy,
  pageSourcesFromSettings,
  policyDirectives,
  securityHeaders,
  type Directive,
  type PageSources,
} from './securityHeaders.js';

const LOCAL = pageSourcesFromSettings({ VITE_BACKEND: 'local' });
const DEPLOYED = pageSourcesFromSettings({
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_AUTH_DOMAIN: 'flipstage-test.firebaseapp.com',
});
const WITH_EVERYTHING = pageSourcesFromSettings({
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_AUTH_DOMAIN: 'flipstage.app',
  VITE_GA_MEASUREMENT_ID: 'G-TEST',
  VITE_CRISP_WEBSITE_ID: 'crisp-test',
});

const directive = (sources: PageSources, name: Directive) => policyDirectives(sources).get(name) ?? [];

/** Whether a policy source lets a page load from an https host (exact, or a leftmost-label wildcard). */
function allowsHost(sources: string[], host: string): boolean {
  return sources.some((source) =>
    source.startsWith('https://*.') ? host.endsWith(source.slice('https://*'.length)) : source === `https://${host}`,
  );
}

describe('what a build loads, from its VITE_ settings', () => {
  it('local mode loads nothing from anywhere but the site itself', () => {
    expect(LOCAL).toEqual({
      firebase: false,
      authOrigin: null,
      appCheck: false,
      analytics: false,
      chat: false,
      origins: [],
    });
  });

  it('a deployed Firebase build loads Firebase, App Check and the sign-in frame of its auth domain', () => {
    expect(DEPLOYED).toMatchObject({
      firebase: true,
      appCheck: true,
      authOrigin: 'https://flipstage-test.firebaseapp.com',
    });
  });

  it('loads no reCAPTCHA with App Check off', () => {
    expect(pageSourcesFromSettings({ VITE_BACKEND: 'firebase', VITE_APP_CHECK: 'off' }).appCheck).toBe(false);
  });

  it('loads analytics and the chat widget only when configured', () => {
    expect([DEPLOYED.analytics, DEPLOYED.chat]).toEqual([false, false]);
    expect([WITH_EVERYTHING.analytics, WITH_EVERYTHING.chat]).toEqual([true, true]);
  });

  it('a build for the Emulator Suite reaches the emulators on this machine and nothing of Google', () => {
    const emulators = pageSourcesFromSettings({ VITE_BACKEND: 'firebase', VITE_FIREBASE_EMULATORS: 'true' });
    expect(emulators).toMatchObject({
      firebase: false,
      appCheck: false,
      authOrigin: null,
      origins: ['http://127.0.0.1:*'],
    });
  });
});

describe('the Content-Security-Policy', () => {
  it('runs scripts from the site in local mode, WebAssembly for the HEIC decoder and Google’s loader for provider sign-in', () => {
    expect(directive(LOCAL, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com']);
  });

  it('never runs inline script or eval, whatever the build loads', () => {
    for (const sources of [LOCAL, DEPLOYED, WITH_EVERYTHING]) {
      expect(directive(sources, 'script-src')).not.toContain("'unsafe-inline'");
      expect(directive(sources, 'script-src')).not.toContain("'unsafe-eval'");
    }
  });

  it('refuses every page that would frame the site, plugins, and a base that moves relative links', () => {
    const policy = contentSecurityPolicy(LOCAL);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("form-action 'self'");
  });

  it('lets a deployed build reach Auth, Firestore and Storage, and frame its auth domain and reCAPTCHA', () => {
    expect(directive(DEPLOYED, 'connect-src')).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://firebasestorage.googleapis.com',
        'https://content-firebaseappcheck.googleapis.com',
      ]),
    );
    expect(directive(DEPLOYED, 'frame-src')).toEqual([
      "'self'",
      'https://flipstage-test.firebaseapp.com',
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });

  it('names the chat widget’s and analytics’ origins only for a build that loads them', () => {
    expect(contentSecurityPolicy(DEPLOYED)).not.toMatch(/crisp|google-analytics|googletagmanager/);
    expect(directive(WITH_EVERYTHING, 'script-src')).toEqual(
      expect.arrayContaining(['https://client.crisp.chat', 'https://www.googletagmanager.com']),
    );
    expect(directive(WITH_EVERYTHING, 'connect-src')).toContain('wss://client.relay.crisp.chat');
  });

  it('shows every avatar the profile rules accept', () => {
    const hosts = /^https:\/\/\((.+?)\)\//.exec(RULES_PATTERNS.providerPhoto)?.[1]?.split('|') ?? [];
    const samples = hosts.map((pattern) => pattern.replace('[0-9]', '3').replaceAll('\\', ''));
    expect(samples.length).toBeGreaterThan(0);
    for (const host of samples) {
      expect(isAllowedAvatar(`https://${host}/photo.jpg`, { uid: 'u1' }), host).toBe(true);
      expect(allowsHost(directive(LOCAL, 'img-src'), host), host).toBe(true);
    }
  });
});

describe('the security headers', () => {
  it('ask for https only where the site speaks it', () => {
    expect(securityHeaders({ sources: DEPLOYED, https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(securityHeaders({ sources: LOCAL, https: false })).not.toHaveProperty('Strict-Transport-Security');
  });

  it('refuse sniffing, send other sites only the origin, and deny features the app never uses', () => {
    expect(securityHeaders({ sources: LOCAL, https: false })).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringMatching(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/),
    });
  });

  it('give an answer that is no page of the app only the refusal to be framed', () => {
    expect(securityHeaders({ sources: null, https: false })['Content-Security-Policy']).toBe("frame-ancestors 'none'");
  });
});
