import type { AppCheck } from 'firebase/app-check';

/*
 * App Check (reCAPTCHA Enterprise) runs in Firebase mode unless VITE_APP_CHECK=off; with the
 * emulators it runs on the debug provider and needs no site key. Its settings are read here as
 * `import.meta.env.VITE_…` rather than through config.ts: the bundler settles a condition across
 * modules only after it has made the chunks, and local mode must not ship the SDK's.
 */

/**
 * How long an API call waits for its App Check token. reCAPTCHA Enterprise answers in a second or
 * two; a blocked script or an unreachable exchange would otherwise hold every call forever.
 */
const TOKEN_WAIT_MS = 5_000;

declare global {
  interface Window {
    /** Where the App Check SDK looks for its debug token (Firebase's debug provider). */
    FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean;
  }
}

let appCheck: Promise<AppCheck> | undefined;

async function initAppCheck(): Promise<AppCheck> {
  const [{ CustomProvider, initializeAppCheck, ReCaptchaEnterpriseProvider }, { firebaseApp }] = await Promise.all([
    import('firebase/app-check'),
    import('./firebaseApp'),
  ]);
  if (import.meta.env.VITE_FIREBASE_EMULATORS === 'true') {
    // Debug mode replaces the provider's tokens with debug tokens. The provider still starts, and
    // reCAPTCHA's would fetch Google's script, so the emulators get one that never runs.
    self.FIREBASE_APPCHECK_DEBUG_TOKEN = import.meta.env.VITE_APP_CHECK_DEBUG_TOKEN || true;
    const provider = new CustomProvider({ getToken: () => Promise.reject(new Error('App Check runs in debug mode')) });
    return initializeAppCheck(firebaseApp(), { provider, isTokenAutoRefreshEnabled: true });
  }
  const provider = new ReCaptchaEnterpriseProvider(import.meta.env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY ?? '');
  return initializeAppCheck(firebaseApp(), { provider, isTokenAutoRefreshEnabled: true });
}

async function fetchToken(limitedUse: boolean): Promise<string> {
  // A failed start (its chunk did not load) is tried again by the next call.
  appCheck ??= initAppCheck().catch((error: unknown) => {
    appCheck = undefined;
    throw error;
  });
  const [{ getLimitedUseToken, getToken }, instance] = await Promise.all([import('firebase/app-check'), appCheck]);
  return (await (limitedUse ? getLimitedUseToken(instance) : getToken(instance, false))).token;
}

async function withinTokenWait(token: Promise<string>): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no App Check token within ${TOKEN_WAIT_MS} ms`)), TOKEN_WAIT_MS);
  });
  try {
    return await Promise.race([token, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The App Check token for an API call (the X-Firebase-AppCheck header), or undefined in local mode
 * or with App Check off. The SDK loads on the first call, off the home route. A token that cannot
 * be had is logged and left out rather than failing the call: the server decides whether it
 * needs one.
 */
export async function appCheckToken(): Promise<string | undefined> {
  return token(false);
}

/**
 * A new limited-use App Check token (getLimitedUseToken), which the server uses up: for the account
 * call that grants the sign-up credits and the free tries, so one token cannot be replayed for its hour.
 */
export async function limitedUseAppCheckToken(): Promise<string | undefined> {
  return token(true);
}

async function token(limitedUse: boolean): Promise<string | undefined> {
  if (import.meta.env.VITE_BACKEND !== 'firebase' || import.meta.env.VITE_APP_CHECK === 'off') return undefined;
  try {
    return await withinTokenWait(fetchToken(limitedUse));
  } catch (error) {
    console.warn('App Check token unavailable; the call goes without it.', error);
    return undefined;
  }
}
