import {
  EBAY_PATHS,
  ebayConnectAnswerSchema,
  ebayConnectionSchema,
  ebayDisconnectAnswerSchema,
  ebayPostSchema,
  ebayPublishOptionsSchema,
  ebayRefusalSchema,
  type EbayConnection,
  type EbayFormField,
  type EbayPost,
  type EbayPublishOptions,
  type EbayPublishRequest,
} from '@flipstage/core';
import { z, type ZodType } from 'zod';
import { ApiError, type ApiFetch, type IdTokenSource } from './http';
import { errorMessageFrom, type Contract } from './contracts';

/**
 * Publishing to eBay (issue 41). The seller's eBay connection and offers are backend-only records
 * in both modes (a sealed token, never in Firestore fields a client reads), so this one HTTP
 * driver serves local and Firebase mode alike; it loads with the seller's first eBay card.
 */
export interface EbayDriver {
  connection(): Promise<EbayConnection>;
  /** eBay's consent page, which sends the seller back to `returnTo` (a path of this site). */
  connect(returnTo: string): Promise<string>;
  /** Finishes the connection with the code eBay sent back (in the address's fragment). */
  finishConnect(code: string, state: string): Promise<EbayConnection>;
  /** Forgets the seller's eBay token; answers where at eBay they remove FlipStage's access. */
  disconnect(): Promise<string>;
  publishOptions(itemId: string, categoryId?: string): Promise<EbayPublishOptions>;
  /** Throws EbayRefused when eBay refuses the listing, with what to fix per field. */
  publish(request: EbayPublishRequest): Promise<EbayPost>;
  listing(itemId: string): Promise<EbayPost | null>;
}

/** eBay refused the listing: the message, and each field's problem in the seller's words. */
export class EbayRefused extends ApiError {
  constructor(
    message: string,
    readonly fields: Partial<Record<EbayFormField, string>>,
  ) {
    super(422, message);
    this.name = 'EbayRefused';
  }
}

// This module loads on demand, so core's schemas can come with it (not with the home route).
const contractOf =
  <T>(schema: ZodType<T>): Contract<T> =>
  async () =>
    schema;
const listingAnswer = contractOf(z.object({ post: ebayPostSchema.nullable() }));

export function createHttpEbayDriver(apiFetch: ApiFetch, idToken: IdTokenSource): EbayDriver {
  return {
    connection: () => apiFetch(EBAY_PATHS.connection, { schema: contractOf(ebayConnectionSchema) }),
    async connect(returnTo) {
      const answer = await apiFetch(EBAY_PATHS.connect, {
        schema: contractOf(ebayConnectAnswerSchema),
        method: 'POST',
        json: { returnTo },
      });
      return answer.url;
    },
    finishConnect: (code, state) =>
      apiFetch(EBAY_PATHS.finish, { schema: contractOf(ebayConnectionSchema), method: 'POST', json: { code, state } }),
    async disconnect() {
      const answer = await apiFetch(EBAY_PATHS.disconnect, {
        schema: contractOf(ebayDisconnectAnswerSchema),
        method: 'POST',
      });
      return answer.revokeAtEbayUrl;
    },
    publishOptions(itemId, categoryId) {
      const query = new URLSearchParams({ id: itemId, ...(categoryId ? { categoryId } : {}) });
      return apiFetch(`${EBAY_PATHS.publishOptions}?${query}`, { schema: contractOf(ebayPublishOptionsSchema) });
    },
    // Sent here rather than through apiFetch: a refusal's fields are part of the answer, and a
    // publish is never retried on its own (one that timed out may have reached eBay).
    async publish(request) {
      const token = await idToken();
      const response = await fetch(EBAY_PATHS.publish, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(request),
      });
      const text = await response.text();
      if (response.ok) return ebayPostSchema.parse(JSON.parse(text));
      const refusal = response.status === 422 ? ebayRefusalSchema.safeParse(safeJson(text)) : null;
      if (refusal?.success) throw new EbayRefused(refusal.data.error.message, refusal.data.fields);
      throw new ApiError(response.status, await errorMessageFrom(response.status, text));
    },
    async listing(itemId) {
      return (await apiFetch(`${EBAY_PATHS.listing}?${new URLSearchParams({ id: itemId })}`, { schema: listingAnswer }))
        .post;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
