/**
 * Typed calls to eBay's REST APIs on Node's fetch (issue 41): where each API lives, the headers
 * eBay asks for, and eBay's answers turned into the port's errors. No client library: FlipStage
 * makes sixteen calls, and a client covering eBay's hundreds would bring its own HTTP stack,
 * token cache and retry rules to audit (docs/marketplaces.md).
 */
import { EbayAuthRevoked, EbayRefused, EbayUnavailable, type EbayErrorDetail } from '../../ports/ebay.js';

export const EBAY_ENVIRONMENTS = ['production', 'sandbox'] as const;
export type EbayEnvironment = (typeof EBAY_ENVIRONMENTS)[number];

/**
 * eBay serves its APIs from several hosts: most on api., Commerce Identity on apiz., the Media API
 * on apim.; consent on auth.; listings on www. An EBAY_API_BASE_URL replaces all but consent
 * (EBAY_AUTH_BASE_URL), so one stand-in can answer every call.
 */
export interface EbayHosts {
  api: string;
  apiz: string;
  apim: string;
  auth: string;
  web: string;
}

export function ebayHosts(
  environment: EbayEnvironment,
  overrides: { apiBaseUrl?: string; authBaseUrl?: string } = {},
): EbayHosts {
  const sandbox = environment === 'sandbox' ? 'sandbox.' : '';
  const trim = (url: string) => url.replace(/\/+$/, '');
  const api = overrides.apiBaseUrl ? trim(overrides.apiBaseUrl) : undefined;
  return {
    api: api ?? `https://api.${sandbox}ebay.com`,
    apiz: api ?? `https://apiz.${sandbox}ebay.com`,
    apim: api ?? `https://apim.${sandbox}ebay.com`,
    auth: overrides.authBaseUrl ? trim(overrides.authBaseUrl) : (api ?? `https://auth.${sandbox}ebay.com`),
    web: api ?? `https://www.${sandbox}ebay.com`,
  };
}

export const EBAY_TIMEOUT_MS = 20_000;

function errorsOf(body: unknown): EbayErrorDetail[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as EbayErrorDetail[]) : [];
}

/** eBay's answer to a call made with a user access token, as the port's errors when it is not a success. */
export async function answer(response: Response): Promise<unknown> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return body;
  const errors = errorsOf(body);
  // 1001 is eBay's "Invalid access token": minted from a refresh token a moment ago, it was revoked since.
  if (response.status === 401 || errors.some((e) => e.errorId === 1001))
    throw new EbayAuthRevoked(errors[0]?.message ?? `HTTP ${response.status}`);
  if (response.status >= 500) throw new EbayUnavailable(`HTTP ${response.status} ${text.slice(0, 200)}`);
  throw new EbayRefused(response.status, errors.length ? errors : [{ errorId: 0, message: text.slice(0, 500) }]);
}

/** fetch, with network failures and timeouts as EbayUnavailable. */
export async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(EBAY_TIMEOUT_MS) });
  } catch (error) {
    throw new EbayUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** A JSON call with the seller's access token. */
export async function userCall(
  url: string,
  token: string,
  init: { method?: string; body?: unknown; contentLanguage?: boolean } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  // The Inventory API's writes require the language of the text they carry.
  if (init.contentLanguage) headers['content-language'] = 'en-US';
  const response = await call(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return answer(response);
}

/**
 * The OAuth token endpoint: Basic auth with the app's keys, a form body. eBay answers a refused
 * grant with OAuth's { error: 'invalid_grant' }, which means the seller must consent again.
 */
export async function tokenCall(
  hosts: EbayHosts,
  keys: { clientId: string; clientSecret: string },
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const basic = Buffer.from(`${keys.clientId}:${keys.clientSecret}`).toString('base64');
  const response = await call(`${hosts.api}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return body;
  if (response.status >= 500) throw new EbayUnavailable(`token endpoint HTTP ${response.status}`);
  if (body.error === 'invalid_grant') throw new EbayAuthRevoked(String(body.error_description ?? 'invalid_grant'));
  throw new EbayRefused(response.status, [
    { errorId: 0, message: `${String(body.error ?? 'error')}: ${String(body.error_description ?? '')}` },
  ]);
}
