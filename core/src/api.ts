import type { DesignStyleId, FurnitureTypeId, PromptMode } from './catalog.js';
import type { ItemState } from './schemas.js';
import { MESSAGES } from './messages.js';

/** DESIGN §4: every API error is `{ error: { message } }`. */
export interface ApiErrorBody {
  error: { message: string };
}

export function apiError(message: string): ApiErrorBody {
  return { error: { message } };
}

/**
 * Spec §7: on a non-OK response, the client throws the body's message, error or raw text,
 * else 'HTTP error! status: {status}'.
 */
export function errorMessageFromResponse(status: number, bodyText: string): string {
  const text = bodyText.trim();
  if (text) {
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object') {
        const b = body as { message?: unknown; error?: unknown };
        if (typeof b.message === 'string' && b.message) return b.message;
        if (typeof b.error === 'string' && b.error) return b.error;
        if (b.error && typeof b.error === 'object') {
          const e = b.error as { message?: unknown };
          if (typeof e.message === 'string' && e.message) return e.message;
        }
      }
    } catch {
      return text;
    }
  }
  return MESSAGES.httpError(status);
}

export const API_PATHS = {
  account: '/api/account',
  stage: '/api/stage',
  marketplaceGetItems: '/api/marketplace-get-items',
  marketplaceGetItem: '/api/marketplace-get-item',
  marketplaceCreateItem: '/api/marketplace-create-item',
  marketplaceUpdateItem: '/api/marketplace-update-item',
  checkoutSession: '/api/stripe-create-checkout-session',
  billingSession: '/api/stripe-create-billing-session',
  billingTerms: '/api/billing-terms',
  stripeWebhook: '/api/stripe-webhook',
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface StageRequestFields {
  prompt: string;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  mode: PromptMode;
}

export interface StageResponse {
  editId: string;
  inputUrl: string;
  outputUrl: string;
  creditsRemaining: number;
}

export interface ImageEdit {
  id: string;
  user_id: string;
  input_image_url: string;
  output_image_url: string;
  background_style: string;
  style: string | null;
  furniture_type: string | null;
  created_at: string;
}

export interface Item {
  id: string;
  title: string;
  description: string;
  price: number;
  tags: string[];
  images: string[];
  thumbs: string[];
  owner: string;
  state: ItemState;
  created_at: string;
  updated_at: string;
  /** True when an image came from the staging studio (see ITEM_STAGED_FROM_FIELD). */
  aiStaged?: boolean;
}

/**
 * Multipart field of marketplace-create-item / -update-item naming the studio output URL an
 * attached image was fetched from, so the backend can check it against the caller's image edits
 * and mark the listing AI-staged.
 */
export const ITEM_STAGED_FROM_FIELD = 'stagedFrom';

/**
 * GET /api/marketplace-get-item?id=: one listing for its own page. Anyone may read it, sold or
 * not, so a shared link keeps working and says Sold.
 */
export interface ItemDetail extends Item {
  /** The seller's profile name; null when they have not set one (their email is never shown). */
  sellerName: string | null;
}

export interface ItemsPage {
  data: Item[];
  nextCursor: string | null;
}

export interface CheckoutSessionRequest {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionResponse {
  id: string;
  url: string;
}

export interface BillingSessionRequest {
  returnUrl: string;
}

/**
 * GET /api/billing-terms: what a first subscription comes with, from the server's configuration,
 * so the pricing page states the trial the checkout will really give. 0 means no trial.
 */
export interface BillingTermsResponse {
  trialDays: number;
}

export type BillingSessionResponse =
  | { status: 'success'; data: { url: string } }
  | { status: 'error'; message: string };
