import {
  API_RETRY_TRIES,
  apiRetryDelayMs,
  APP_CHECK_HEADER,
  IDEMPOTENCY_HEADER,
  isRetryableStatus,
  retryAfterMs,
  type ApiErrorCode,
} from '@flipstage/core';
import { errorCodeFrom, errorMessageFrom, type Contract } from './contracts';

/** A non-OK answer from the own API, carrying the message the spec's client error rule picks (§7). */
export class ApiError extends Error {
  readonly status: number;
  /** How many times the request was sent: more than one when apiFetch already retried it. */
  readonly tries: number;
  /** Set when the server says what the client can do about the refusal (core's API_ERROR_CODES). */
  readonly code: ApiErrorCode | undefined;
  constructor(status: number, message: string, tries = 1, code?: ApiErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.tries = tries;
    this.code = code;
  }
}

/** A retry about to happen: the try it will be, how long apiFetch waits first, and the answer that caused it. */
export interface ApiRetry {
  attempt: number;
  delayMs: number;
  /** null when the request got no answer at all. */
  status: number | null;
}

export interface ApiFetchInit<T> {
  /** The answer's contract (backend/contracts.ts); an answer that breaks it is an error, not data. */
  schema: Contract<T>;
  method?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Told before each wait for a retry, so the UI can say the backend is busy. */
  onRetry?: (retry: ApiRetry) => void;
  /**
   * A limited-use App Check token of its own on each try (the account call, which grants credits):
   * the server uses it up, so a token taken from one request grants nothing again.
   */
  limitedUseAppCheck?: boolean;
}

/** The signed-in user's current ID token, or null when signed out; forceRefresh asks the auth provider for a new one. */
export type IdTokenSource = (forceRefresh?: boolean) => Promise<string | null>;

export type ApiFetch = <T>(path: string, init: ApiFetchInit<T>) => Promise<T>;

export interface ApiFetchOptions {
  /** The App Check token to send, when the app has one (Firebase mode). */
  appCheckToken?: () => Promise<string | undefined>;
  /** A new limited-use App Check token, for the calls that ask for one (`limitedUseAppCheck`). */
  limitedUseAppCheckToken?: () => Promise<string | undefined>;
  /** The wait before a retry; tests pass one that does not sleep. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** [0, 1), for the retry jitter. */
  random?: () => number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Calls the own API (`/api/*`, same origin) with the bearer token when signed in. The token is asked
 * of the auth driver on every call, so a token the auth SDK replaced (after a password change or
 * re-sign-in) is never sent again. A 401 is retried once with a freshly issued token: the one held
 * may predate a change made elsewhere (an email change confirmed from the mailbox, a password
 * changed on another device).
 *
 * A busy backend is waited out under core's retry policy (apiRetry.ts): 429 and 503 for every call;
 * for a call with an Idempotency-Key also 409, other 5xx and no answer at all, the same key on each
 * try so the server charges once. Retry-After is followed, with jitter, 3 tries at most.
 */
export function createApiFetch(idToken: IdTokenSource, options: ApiFetchOptions = {}): ApiFetch {
  const wait = options.wait ?? sleep;
  const random = options.random ?? Math.random;

  const appCheck = async (limitedUse = false): Promise<string | undefined> => {
    const source = limitedUse ? options.limitedUseAppCheckToken : options.appCheckToken;
    // Without a token the request goes out anyway: the server decides, and says why when it refuses.
    return source ? source().catch(() => undefined) : undefined;
  };

  async function authorizedSend<T>(path: string, init: ApiFetchInit<T>): Promise<Response> {
    const limitedUse = init.limitedUseAppCheck ?? false;
    const [token, appCheckToken] = await Promise.all([idToken(), appCheck(limitedUse)]);
    const response = await send(path, init, token, appCheckToken);
    if (response.status !== 401 || !token) return response;
    // When the account's refresh token was revoked too, the SDK signs the user out here instead.
    const fresh = await idToken(true).catch(() => null);
    if (!fresh || fresh === token) return response;
    await response.body?.cancel();
    // A limited-use token was used up by the first try, whatever its answer.
    return send(path, init, fresh, limitedUse ? await appCheck(true) : appCheckToken);
  }

  return async <T>(path: string, init: ApiFetchInit<T>): Promise<T> => {
    const repeatable = init.headers?.[IDEMPOTENCY_HEADER] !== undefined;
    for (let tries = 1; ; tries += 1) {
      const last = tries >= API_RETRY_TRIES;
      let response: Response;
      try {
        response = await authorizedSend(path, init);
      } catch (error) {
        if (last || !repeatable || isAbort(error)) throw error;
        await pauseBeforeRetry(tries, null, undefined);
        continue;
      }
      if (last || !isRetryableStatus(response.status, repeatable)) return readAnswer(path, init, response, tries);
      await response.body?.cancel();
      await pauseBeforeRetry(tries, response.status, retryAfterMs(response.headers.get('Retry-After')));
    }

    async function pauseBeforeRetry(tries: number, status: number | null, retryAfter: number | undefined) {
      const delayMs = apiRetryDelayMs(tries - 1, retryAfter, random);
      init.onRetry?.({ attempt: tries + 1, delayMs, status });
      await wait(delayMs, init.signal);
    }
  };
}

async function readAnswer<T>(path: string, init: ApiFetchInit<T>, response: Response, tries: number): Promise<T> {
  const [text, schema] = await Promise.all([response.text(), init.schema()]);
  if (!response.ok) {
    const [message, code] = await Promise.all([errorMessageFrom(response.status, text), errorCodeFrom(text)]);
    throw new ApiError(response.status, message, tries, code);
  }
  const unexpected = new ApiError(response.status, `Unexpected response from ${path}`, tries);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw unexpected;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unexpected;
  return parsed.data;
}

function send<T>(
  path: string,
  init: ApiFetchInit<T>,
  token: string | null,
  appCheckToken: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (appCheckToken) headers[APP_CHECK_HEADER] = appCheckToken;
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
