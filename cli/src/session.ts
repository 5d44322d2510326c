import { ApiClient, DEFAULT_API_URL, type ApiClientOptions, type TokenProvider } from './api/apiClient.js';
import { retryNote } from './api/retry.js';
import { refreshIdToken, resolveAuthSettings, type AuthSettings } from './auth/firebaseAuth.js';
import { readConfig, writeConfig, type CliConfig } from './config.js';
import { notSignedIn } from './errors/exitCodes.js';
import type { Logger } from './output/logger.js';

/** ID tokens live an hour; renew a little early so a long batch never sends a stale one. */
const RENEW_MARGIN_MS = 5 * 60 * 1000;

/**
 * Hands out a valid ID token from the stored refresh token, renewing it once for all callers
 * when it is about to expire. A rotated refresh token is saved back to the config.
 */
export class RefreshingTokens implements TokenProvider {
  private current: { idToken: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly settings: AuthSettings,
    private refreshToken: string,
    private readonly onRotate: (refreshToken: string) => Promise<void>,
  ) {}

  async idToken(): Promise<string> {
    if (this.current && this.current.expiresAt - RENEW_MARGIN_MS > Date.now()) return this.current.idToken;
    return this.renew();
  }

  renew(): Promise<string> {
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<string> {
    const fresh = await refreshIdToken(this.settings, this.refreshToken);
    if (fresh.refreshToken && fresh.refreshToken !== this.refreshToken) {
      this.refreshToken = fresh.refreshToken;
      await this.onRotate(fresh.refreshToken);
    }
    this.current = { idToken: fresh.idToken, expiresAt: fresh.expiresAt };
    return fresh.idToken;
  }
}

export interface Session {
  email: string;
  api: string;
  client: ApiClient;
}

/** The API base: FLIPSTAGE_API, else the one chosen at login, else the local host. */
export function apiBaseFor(env: NodeJS.ProcessEnv, config: CliConfig): string {
  return (env.FLIPSTAGE_API || config.api || DEFAULT_API_URL).replace(/\/+$/, '');
}

export function isSignedIn(config: CliConfig): config is CliConfig & { refreshToken: string } {
  return typeof config.refreshToken === 'string' && config.refreshToken !== '';
}

/**
 * The signed-in user's API client; exit code 3 when nobody is signed in. With a logger, each wait
 * for a retry is told on stderr ("API busy, retrying in 2.0 s (…)").
 */
export async function openSession(
  env: NodeJS.ProcessEnv,
  options: Omit<ApiClientOptions, 'onRetry'> & { logger?: Logger } = {},
): Promise<Session> {
  const config = await readConfig(env);
  if (!isSignedIn(config)) throw notSignedIn();
  const settings = resolveAuthSettings({}, env, config);
  const tokens = new RefreshingTokens(settings, config.refreshToken, async (refreshToken) => {
    await writeConfig(env, { ...(await readConfig(env)), refreshToken });
  });
  const api = apiBaseFor(env, config);
  const { logger, ...clientOptions } = options;
  const onRetry = logger && ((error: unknown, delayMs: number) => logger.warn(retryNote(error, delayMs)));
  return { email: config.email ?? '', api, client: new ApiClient(api, tokens, { ...clientOptions, onRetry }) };
}
