import { errorMessageFrom, type Contract } from './contracts';

/** A non-OK answer from the own API, carrying the message the spec's client error rule picks (§7). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface ApiFetchInit<T> {
  /** The answer's contract (backend/contracts.ts); an answer that breaks it is an error, not data. */
  schema: Contract<T>;
  method?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The signed-in user's current ID token, or null when signed out; forceRefresh asks the auth provider for a new one. */
export type IdTokenSource = (forceRefresh?: boolean) => Promise<string | null>;

export type ApiFetch = <T>(path: string, init: ApiFetchInit<T>) => Promise<T>;

/**
 * Calls the own API (`/api/*`, same origin) with the bearer token when signed in. The token is asked
 * of the auth driver on every call, so a token the auth SDK replaced (after a password change or
 * re-sign-in) is never sent again. A 401 is retried once with a freshly issued token: the one held
 * may predate a change made elsewhere (an email change confirmed from the mailbox, a password
 * changed on another device).
 */
export function createApiFetch(idToken: IdTokenSource): ApiFetch {
  return async <T>(path: string, init: ApiFetchInit<T>): Promise<T> => {
    const token = await idToken();
    let response = await send(path, init, token);
    if (response.status === 401 && token) {
      // When the account's refresh token was revoked too, the SDK signs the user out here instead.
      const fresh = await idToken(true).catch(() => null);
      if (fresh && fresh !== token) {
        await response.body?.cancel();
        response = await send(path, init, fresh);
      }
    }
    const [text, schema] = await Promise.all([response.text(), init.schema()]);
    if (!response.ok) throw new ApiError(response.status, await errorMessageFrom(response.status, text));
    const unexpected = new ApiError(response.status, `Unexpected response from ${path}`);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw unexpected;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw unexpected;
    return parsed.data;
  };
}

function send<T>(path: string, init: ApiFetchInit<T>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.form) {
    body = init.form;
  } else if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const method = init.method ?? (body ? 'POST' : 'GET');
  return fetch(path, { method, headers, body, signal: init.signal });
}
