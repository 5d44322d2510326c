/**
 * eBay (issue 41): the REST calls FlipStage makes on a seller's behalf (EbayApi), and the
 * backend-only record of each seller's connection and each listing's offer (EbayStore). Tokens
 * cross this port as text; sealing the refresh token is the service's job (services/ebayTokens.ts).
 */
import type { EbayAspect, EbayChoices, EbayPost } from '@flipstage/core';

export interface EbayTokens {
  accessToken: string;
  /** Seconds from now. */
  expiresIn: number;
  refreshToken: string;
  refreshTokenExpiresIn: number;
}

export interface EbayCategorySuggestion {
  id: string;
  name: string;
  /** The ancestors' names, root first, then the category's own. */
  path: string;
}

export interface EbayPolicies {
  fulfillment: { id: string; name: string; localPickup: boolean; freight: boolean }[];
  payment: { id: string; name: string }[];
  return: { id: string; name: string }[];
}

export interface EbayInventoryItem {
  sku: string;
  title: string;
  description: string;
  /** The Inventory API's condition name (core's EBAY_CONDITIONS). */
  condition: string;
  aspects: Record<string, string[]>;
  imageUrls: string[];
  quantity: number;
}

export interface EbayOffer {
  sku: string;
  categoryId: string;
  description: string;
  price: { value: string; currency: 'USD' };
  fulfillmentPolicyId: string;
  paymentPolicyId: string;
  returnPolicyId: string;
  merchantLocationKey: string;
}

export interface EbayOrderLine {
  orderId: string;
  sku: string;
  createdAt: string;
}

/** eBay's REST APIs, one method per call FlipStage makes; every call but the token ones takes a user access token. */
export interface EbayApi {
  /** eBay's consent page for this seller, carrying `state` back to the callback. */
  consentUrl(state: string): string;
  exchangeCode(code: string): Promise<EbayTokens>;
  /** Throws EbayAuthRevoked when eBay refuses the refresh token (expired, revoked, password changed). */
  refresh(refreshToken: string): Promise<Pick<EbayTokens, 'accessToken' | 'expiresIn'>>;
  /** Commerce Identity getUser. */
  user(token: string): Promise<{ userId: string; username: string }>;
  suggestCategories(token: string, query: string): Promise<EbayCategorySuggestion[]>;
  aspects(token: string, categoryId: string): Promise<EbayAspect[]>;
  /** Metadata getItemConditionPolicies: the condition ids the category allows. */
  conditions(token: string, categoryId: string): Promise<string[]>;
  policies(token: string): Promise<EbayPolicies>;
  locations(token: string): Promise<{ key: string; name: string }[]>;
  /** Media API createImageFromFile, then its eBay-hosted URL. */
  uploadImage(token: string, image: { data: Uint8Array; contentType: string }): Promise<string>;
  putInventoryItem(token: string, item: EbayInventoryItem): Promise<void>;
  /** Creates the offer, or replaces the sku's unpublished one; its id. */
  createOffer(token: string, offer: EbayOffer): Promise<string>;
  /** The new listing's id. */
  publishOffer(token: string, offerId: string): Promise<string>;
  withdrawOffer(token: string, offerId: string): Promise<void>;
  /** Orders created since the instant, one line per sku sold. */
  ordersSince(token: string, since: string): Promise<EbayOrderLine[]>;
  /**
   * The Notification API's public key (getPublicKey, with an application token) that signed an
   * eBay notification, as PEM; kept for an hour, as eBay asks.
   */
  notificationKey(keyId: string): Promise<{ algorithm: string; digest: string; pem: string }>;
  /** Where buyers see a listing. */
  listingUrl(listingId: string): string;
  /** Where a seller removes FlipStage's access to their eBay account. */
  revokeAtEbayUrl(): string;
}

/** One of eBay's errors ({ errors: [...] }), as eBay sent it. */
export interface EbayErrorDetail {
  errorId: number;
  domain?: string;
  category?: string;
  message: string;
  longMessage?: string;
  parameters?: { name: string; value: string }[];
}

/** eBay refused a call; `errors` is eBay's own list, for services/ebayErrors.ts to put in the seller's words. */
export class EbayRefused extends Error {
  constructor(
    readonly status: number,
    readonly errors: EbayErrorDetail[],
  ) {
    super(`eBay answered ${status}: ${errors.map((e) => `${e.errorId} ${e.message}`).join('; ')}`);
    this.name = 'EbayRefused';
  }
}

/** eBay no longer accepts the seller's refresh token or access token: they must consent again. */
export class EbayAuthRevoked extends Error {
  constructor(detail: string) {
    super(`eBay refused the seller's token: ${detail}`);
    this.name = 'EbayAuthRevoked';
  }
}

/** eBay could not be reached, or answered with a server error. */
export class EbayUnavailable extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`eBay is unavailable: ${detail}`, options);
    this.name = 'EbayUnavailable';
  }
}

export interface EbayConnectionRecord {
  uid: string;
  ebayUserId: string;
  ebayUsername: string | null;
  refreshTokenSealed: string;
  refreshExpiresAt: string;
  connectedAt: string;
  /** Orders created before this were already looked at for sales. */
  ordersCheckedAt: string;
  choices: EbayChoices | null;
}

export interface EbayOfferRecord extends EbayPost {
  itemId: string;
  owner: string;
  sku: string;
  offerId: string;
}

/** Backend only: no client ever reads these (no Firestore rule matches their collections). */
export interface EbayStore {
  /** Replaces the seller's connection; their choices are kept. */
  saveConnection(record: Omit<EbayConnectionRecord, 'choices'>): Promise<void>;
  getConnection(uid: string): Promise<EbayConnectionRecord | null>;
  /** The connections whose offers may sell on eBay, for the orders check. */
  listConnections(): Promise<EbayConnectionRecord[]>;
  deleteConnection(uid: string): Promise<void>;
  /** eBay's account deletion notice: every FlipStage seller connected to that eBay user. Returns their uids. */
  deleteConnectionsOfEbayUser(ebayUserId: string): Promise<string[]>;
  saveChoices(uid: string, choices: EbayChoices): Promise<void>;
  setOrdersCheckedAt(uid: string, at: string): Promise<void>;
  saveOffer(record: EbayOfferRecord): Promise<void>;
  getOffer(itemId: string): Promise<EbayOfferRecord | null>;
  findOfferBySku(owner: string, sku: string): Promise<EbayOfferRecord | null>;
  /** The seller's offers still live on eBay. */
  liveOffers(owner: string): Promise<EbayOfferRecord[]>;
}
