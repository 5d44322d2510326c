import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Agent, FormData, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  accountResponseSchema,
  API_PATHS,
  BOOKS_PATHS,
  EBAY_FIELD_LABELS,
  EBAY_PATHS,
  ebayPublishAnswerSchema,
  ebayRefusalSchema,
  IDEMPOTENCY_HEADER,
  errorCodeFromResponse,
  errorMessageFromResponse,
  listingKitSchema,
  MARKETPLACE_PATHS,
  piecesExportSchema,
  retryAfterMs,
  stagedPhotosQuery,
  stageFormEntries,
  stageResponseSchema,
  type AccountResponse,
  type EbayPost,
  type KitSite,
  type ListingKit,
  type PieceWithCosts,
  type StageRequestFields,
  type StageResponse,
  type SubjectHint,
} from '@flipstage/core';
import { ApiError, NetworkError, UnexpectedResponseError } from './apiError.js';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryListener, type RetryPolicy } from './retry.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:5050/api';

/** Core's API_PATHS start with /api; the CLI's base URL already ends there. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.replace(/^\/api(?=\/)/, '')}`;
}

export interface TokenProvider {
  idToken(): Promise<string>;
  /** Called after a 401: forces a new ID token. */
  renew(): Promise<string>;
}

export interface StageUpload {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  fields: StageRequestFields;
  /** The piece to stage, as the seller marked it; absent, the server finds it. */
  subject?: SubjectHint | undefined;
  /** Asks for the plan's HD output; the server decides whether the plan allows it. */
  hd: boolean;
  idempotencyKey: string;
}

export interface ApiClientOptions {
  connections?: number;
  /** How calls are retried; tests pass a policy that does not sleep. */
  retry?: RetryPolicy;
  /** Told before each wait for a retry, unless the call brings its own listener. */
  onRetry?: RetryListener;
}

/**
 * The FlipStage HTTP API as the CLI uses it: the same routes the web app calls. Every call waits out
 * a busy API under core's retry policy (apiRetry.ts): 429 and 503 always; for a read or a staging
 * (its Idempotency-Key the same on each try, so nothing is charged twice) also 409, other 5xx and a
 * lost connection. Retry-After is followed with jitter, 3 tries at most, then the API's error stands.
 */
export class ApiClient {
  private readonly dispatcher: Dispatcher;
  private readonly origin: string;
  private readonly retry: RetryPolicy;
  private readonly onRetry: RetryListener | undefined;

  constructor(
    private readonly base: string,
    private readonly tokens: TokenProvider,
    options: ApiClientOptions = {},
  ) {
    this.origin = new URL(base).origin;
    this.dispatcher = new Agent({ connections: options.connections ?? 4, keepAliveTimeout: 10_000 });
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.onRetry = options.onRetry;
  }

  /** The caller's account; creates it (with the sign-up credits) the first time. */
  async account(): Promise<AccountResponse> {
    try {
      return await this.send(accountResponseSchema, 'GET', API_PATHS.account);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return this.send(accountResponseSchema, 'POST', API_PATHS.account);
      throw error;
    }
  }

  stage(upload: StageUpload, onRetry?: RetryListener): Promise<StageResponse> {
    return this.send(
      stageResponseSchema,
      'POST',
      API_PATHS.stage,
      () => {
        const { fileField, entries } = stageFormEntries({
          ...upload.fields,
          size: upload.hd ? 'hd' : 'standard',
          subject: upload.subject,
        });
        const form = new FormData();
        form.append(fileField, new Blob([upload.bytes], { type: upload.contentType }), upload.filename);
        for (const [name, value] of entries) form.append(name, value);
        return form;
      },
      { [IDEMPOTENCY_HEADER]: upload.idempotencyKey },
      onRetry,
    );
  }

  /** The seller's books: every piece not deleted with its cost lines (issue 42). */
  async exportPieces(): Promise<PieceWithCosts[]> {
    return (await this.send(piecesExportSchema, 'GET', BOOKS_PATHS.export)).data;
  }

  /** A listing's kits for the sites with no listing API; `staged` names the photos that are virtually staged. */
  listingKit(id: string, staged: readonly number[] | undefined): Promise<ListingKit> {
    return this.send(listingKitSchema, 'GET', `${MARKETPLACE_PATHS.kit}?${kitParams(id, staged)}`);
  }

  /**
   * Publishes a listing to eBay with the seller's saved choices. Never repeated on its own: a
   * publish that timed out may have reached eBay (the API then says the listing is already there).
   */
  publishToEbay(id: string): Promise<EbayPost> {
    return this.send(ebayPublishAnswerSchema, 'POST', EBAY_PATHS.publish, () => JSON.stringify({ itemId: id }), {
      'content-type': 'application/json',
    });
  }

  /** Where one site's kit photos are served as a ZIP, to save with download(). */
  kitPhotosUrl(id: string, site: KitSite, staged: readonly number[] | undefined): string {
    return apiUrl(this.base, `${MARKETPLACE_PATHS.kitPhotos}?${kitParams(id, staged)}&site=${site}`);
  }

  /**
   * Saves a staged image. It is written beside the target and renamed into place, so a run
   * killed mid-download never leaves a half file that a resumed run would take for done.
   */
  download(url: string, target: string, onRetry?: RetryListener): Promise<void> {
    return withRetries(() => this.downloadOnce(url, target), this.retry, true, onRetry ?? this.onRetry);
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async downloadOnce(url: string, target: string): Promise<void> {
    const absolute = new URL(url, this.base);
    const headers: Record<string, string> = {};
    // The bearer token only goes back to the API's own origin, never to a storage host.
    if (absolute.origin === this.origin) headers.authorization = `Bearer ${await this.tokens.idToken()}`;
    const response = await this.call(absolute.toString(), { method: 'GET', headers });
    if (response.statusCode !== 200) throw await toApiError(response);
    const partial = `${target}.part`;
    try {
      await pipeline(response.body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      if (String((error as { code?: unknown }).code).startsWith('UND_ERR')) {
        throw new NetworkError(`The download from ${absolute.origin} broke off: ${(error as Error).message}`, {
          cause: error,
        });
      }
      throw error;
    }
  }

  private send<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: () => FormData | string,
    extraHeaders: Record<string, string> = {},
    onRetry?: RetryListener,
  ): Promise<T> {
    const repeatable = method === 'GET' || IDEMPOTENCY_HEADER in extraHeaders;
    return withRetries(
      () => this.sendOnce(schema, method, path, body, extraHeaders),
      this.retry,
      repeatable,
      onRetry ?? this.onRetry,
    );
  }

  private async sendOnce<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body: (() => FormData | string) | undefined,
    extraHeaders: Record<string, string>,
  ): Promise<T> {
    const url = apiUrl(this.base, path);
    let token = await this.tokens.idToken();
    for (let renewed = false; ; renewed = true) {
      const response = await this.call(url, {
        method,
        headers: { ...extraHeaders, authorization: `Bearer ${token}` },
        body: body?.(),
      });
      if (response.statusCode === 401 && !renewed) {
        await response.body.dump();
        token = await this.tokens.renew();
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) throw await toApiError(response);
      return parseResponse(schema, path, await response.body.text());
    }
  }

  private async call(
    url: string,
    options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: FormData | string | undefined },
  ) {
    try {
      return await request(url, { ...options, dispatcher: this.dispatcher });
    } catch (error) {
      throw new NetworkError(`Could not reach ${new URL(url).origin}: ${(error as Error).message}`, { cause: error });
    }
  }
}

function kitParams(id: string, staged: readonly number[] | undefined): string {
  const params = new URLSearchParams({ id });
  if (staged) params.set('staged', stagedPhotosQuery(staged));
  return params.toString();
}

/** A 2xx body the contract does not describe (another server, another version) fails here, not later. */
function parseResponse<T>(schema: z.ZodType<T>, path: string, text: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(path, 'the body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UnexpectedResponseError(path, `${issue?.path.join('.') || 'the body'}: ${issue?.message ?? 'invalid'}`);
}

/** A refusal that points at fields (eBay's, issue 41): each field's problem, one a line, after the message. */
function fieldProblems(text: string): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return '';
  }
  const refusal = ebayRefusalSchema.safeParse(json);
  if (!refusal.success) return '';
  return Object.entries(refusal.data.fields)
    .map(([field, problem]) => `\n  ${EBAY_FIELD_LABELS[field as keyof typeof EBAY_FIELD_LABELS]}: ${problem}`)
    .join('');
}

async function toApiError(response: Dispatcher.ResponseData): Promise<ApiError> {
  const text = await response.body.text().catch(() => '');
  return new ApiError(
    response.statusCode,
    errorMessageFromResponse(response.statusCode, text) + fieldProblems(text),
    retryAfterMs([response.headers['retry-after']].flat()[0]),
    errorCodeFromResponse(text),
  );
}
