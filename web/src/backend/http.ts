import { errorMessageFromResponse } from '@flipstage/core';

/** A non-OK answer from the own API, carrying the message the spec's client error rule picks (§7). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface ApiFetchInit {
  method?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type IdTokenSource = () => Promise<string | null>;

let idTokenSource: IdTokenSource = async () => null;

/** The session installs the signed-in user's ID token source; signed out, requests go without a token. */
export function setIdTokenSource(source: IdTokenSource): void {
  idTokenSource = source;
}

/** Calls the own API (`/api/*`, same origin) with the bearer token when signed in. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  const token = await idTokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.form) {
    body = init.form;
  } else if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const method = init.method ?? (body ? 'POST' : 'GET');
  const response = await fetch(path, { method, headers, body, signal: init.signal });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorMessageFromResponse(response.status, text));
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, `Unexpected response from ${path}`);
  }
}
