/**
 * Firebase Auth over its REST API (the web SDK's own endpoints), so the CLI signs in like the
 * web app without bundling the browser SDK. In local mode the same paths are served by the
 * Auth emulator.
 */
import { request } from 'undici';
import { LOCAL_PROJECT_ID, MESSAGES } from '@flipstage/core';
import type { CliConfig } from '../config.js';
import { NetworkError } from '../api/apiError.js';
import { CliError, EXIT, usageError } from '../errors/exitCodes.js';

export interface AuthSettings {
  apiKey: string;
  projectId: string | null;
  /** Origin of the Auth emulator, or null for Google's hosts (Firebase mode). */
  authEmulatorUrl: string | null;
}

export const LOCAL_AUTH_SETTINGS: AuthSettings = {
  apiKey: 'demo-key',
  projectId: LOCAL_PROJECT_ID,
  // The local host, which forwards to the Auth emulator and keeps the accounts it changes.
  authEmulatorUrl: 'http://127.0.0.1:5050',
};

export interface AuthFlags {
  apiKey?: string | undefined;
  project?: string | undefined;
  authEmulator?: string | undefined;
}

/** Accepts `host:port` (the FIREBASE_AUTH_EMULATOR_HOST form) or a full URL; returns the origin. */
export function normalizeEmulatorUrl(value: string): string {
  const withScheme = /^https?:\/\//.test(value) ? value : `http://${value}`;
  try {
    return new URL(withScheme).origin;
  } catch {
    throw usageError(`The Auth emulator address "${value}" is not valid; use host:port, e.g. 127.0.0.1:9099.`);
  }
}

/**
 * Flags win over the environment, which wins over the saved config. An explicit emulator means
 * local mode; an explicit web API key without one means Firebase mode; nothing at all means the
 * local defaults.
 */
export function resolveAuthSettings(flags: AuthFlags, env: NodeJS.ProcessEnv, config: CliConfig): AuthSettings {
  const emulator = flags.authEmulator ?? env.FIREBASE_AUTH_EMULATOR_HOST;
  const apiKey = flags.apiKey ?? env.FLIPSTAGE_FIREBASE_API_KEY;
  const projectId = flags.project ?? env.FLIPSTAGE_FIREBASE_PROJECT;
  if (emulator) {
    return {
      apiKey: apiKey ?? config.apiKey ?? LOCAL_AUTH_SETTINGS.apiKey,
      projectId: projectId ?? config.projectId ?? LOCAL_AUTH_SETTINGS.projectId,
      authEmulatorUrl: normalizeEmulatorUrl(emulator),
    };
  }
  if (apiKey) return { apiKey, projectId: projectId ?? config.projectId ?? null, authEmulatorUrl: null };
  if (config.apiKey) {
    return {
      apiKey: config.apiKey,
      projectId: projectId ?? config.projectId ?? null,
      authEmulatorUrl: config.authEmulatorUrl ?? null,
    };
  }
  return { ...LOCAL_AUTH_SETTINGS, projectId: projectId ?? LOCAL_AUTH_SETTINGS.projectId };
}

function identityToolkitUrl(settings: AuthSettings, path: string): string {
  const base = settings.authEmulatorUrl
    ? `${settings.authEmulatorUrl}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/${path}?key=${encodeURIComponent(settings.apiKey)}`;
}

function secureTokenUrl(settings: AuthSettings): string {
  const base = settings.authEmulatorUrl
    ? `${settings.authEmulatorUrl}/securetoken.googleapis.com`
    : 'https://securetoken.googleapis.com';
  return `${base}/v1/token?key=${encodeURIComponent(settings.apiKey)}`;
}

export interface SignedIn {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch after which the ID token is no longer accepted. */
  expiresAt: number;
}

const CREDENTIAL_CODES = ['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS', 'INVALID_EMAIL'];
const SESSION_CODES = ['TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_REFRESH_TOKEN', 'USER_DISABLED'];

/** Firebase answers `{ error: { message: 'CODE' } }`, sometimes `CODE : detail`. */
export function authErrorCode(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { error?: { message?: unknown } };
    const message = body.error?.message;
    if (typeof message === 'string') return message.split(' ')[0] ?? message;
  } catch {
    // not JSON: fall through to the generic code
  }
  return 'UNKNOWN';
}

export function signInErrorMessage(code: string): string {
  if (CREDENTIAL_CODES.includes(code)) return 'Wrong email or password.';
  if (code === 'USER_DISABLED') return 'This account has been disabled.';
  if (code === 'TOO_MANY_ATTEMPTS_TRY_LATER') return 'Too many sign-in attempts. Please wait a moment and try again.';
  return `Sign-in failed (${code}).`;
}

async function post(url: string, headers: Record<string, string>, body: string) {
  try {
    const response = await request(url, { method: 'POST', headers, body });
    return { status: response.statusCode, text: await response.body.text() };
  } catch (error) {
    const origin = new URL(url).origin;
    throw new NetworkError(`Could not reach the sign-in service at ${origin}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export async function signInWithPassword(settings: AuthSettings, email: string, password: string): Promise<SignedIn> {
  const started = Date.now();
  const { status, text } = await post(
    identityToolkitUrl(settings, 'accounts:signInWithPassword'),
    { 'content-type': 'application/json' },
    JSON.stringify({ email, password, returnSecureToken: true }),
  );
  if (status !== 200) throw new CliError(signInErrorMessage(authErrorCode(text)), EXIT.notSignedIn);
  const body = JSON.parse(text) as {
    localId: string;
    email: string;
    idToken: string;
    refreshToken: string;
    expiresIn: string;
  };
  return {
    uid: body.localId,
    email: body.email,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresAt: started + Number(body.expiresIn) * 1000,
  };
}

/** Exchanges the stored refresh token for a fresh ID token. */
export async function refreshIdToken(settings: AuthSettings, refreshToken: string): Promise<Omit<SignedIn, 'email'>> {
  const started = Date.now();
  const { status, text } = await post(
    secureTokenUrl(settings),
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  );
  if (status !== 200) {
    const code = authErrorCode(text);
    const message = SESSION_CODES.includes(code) ? MESSAGES.invalidToken : `Could not renew your session (${code}).`;
    throw new CliError(`${message} Run \`flipstage login\` again.`, EXIT.notSignedIn);
  }
  const body = JSON.parse(text) as { user_id: string; id_token: string; refresh_token: string; expires_in: string };
  return {
    uid: body.user_id,
    idToken: body.id_token,
    refreshToken: body.refresh_token,
    expiresAt: started + Number(body.expires_in) * 1000,
  };
}
