/**
 * The EbayApi port on eBay's REST APIs (issue 41), through typed calls on fetch (ebayHttp.ts).
 * Every answer is read defensively: a field eBay leaves out becomes an empty value, never a crash.
 */
import type { EbayAspect } from '@flipstage/core';
import { EbayUnavailable, type EbayApi, type EbayOrderLine, type EbayPolicies } from '../../ports/ebay.js';
import { answer, call, ebayHosts, tokenCall, userCall, type EbayEnvironment } from './ebayHttp.js';

/** What FlipStage asks the seller to allow: listing, reading their policies and orders, and who they are. */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.account.readonly',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const;

export const EBAY_MARKETPLACE_ID = 'EBAY_US';

/** eBay asks that a notification key be kept a while rather than fetched for every notice: an hour. */
const KEY_CACHE_MS = 60 * 60_000;

/** eBay sends the key as PEM on one line; Node reads PEM with its body in lines of 64. */
export function pemOf(key: string): string {
  const body = key.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return `-----BEGIN PUBLIC KEY-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PUBLIC KEY-----\n`;
}

export interface RestEbaySettings {
  environment: EbayEnvironment;
  clientId: string;
  clientSecret: string;
  /** The app's redirect URL name (RuName), which eBay maps to our callback. */
  ruName: string;
  apiBaseUrl?: string;
  authBaseUrl?: string;
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function createRestEbay(settings: RestEbaySettings): EbayApi {
  const hosts = ebayHosts(settings.environment, settings);
  const keys = { clientId: settings.clientId, clientSecret: settings.clientSecret };
  const scope = EBAY_SCOPES.join(' ');
  let treeId: Promise<string> | undefined;
  const notificationKeys = new Map<
    string,
    { key: { algorithm: string; digest: string; pem: string }; until: number }
  >();

  /** An application token (client credentials grant): calls made as FlipStage, not as a seller. */
  async function applicationToken(): Promise<string> {
    const body = await tokenCall(hosts, keys, { grant_type: 'client_credentials', scope: EBAY_SCOPES[0] });
    return text(body.access_token);
  }

  const taxonomy = `${hosts.api}/commerce/taxonomy/v1`;
  const inventory = `${hosts.api}/sell/inventory/v1`;

  /** The marketplace's category tree, asked once per instance (it changes a few times a year). */
  function categoryTree(token: string): Promise<string> {
    treeId ??= userCall(`${taxonomy}/get_default_category_tree_id?marketplace_id=${EBAY_MARKETPLACE_ID}`, token)
      .then((body) => text((body as Json).categoryTreeId))
      .catch((error: unknown) => {
        treeId = undefined;
        throw error;
      });
    return treeId;
  }

  return {
    consentUrl(state) {
      const query = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.ruName,
        response_type: 'code',
        scope,
        state,
      });
      return `${hosts.auth}/oauth2/authorize?${query.toString()}`;
    },

    async exchangeCode(code) {
      const body = await tokenCall(hosts, keys, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: settings.ruName,
      });
      return {
        accessToken: text(body.access_token),
        expiresIn: Number(body.expires_in) || 0,
        refreshToken: text(body.refresh_token),
        refreshTokenExpiresIn: Number(body.refresh_token_expires_in) || 0,
      };
    },

    async refresh(refreshToken) {
      const body = await tokenCall(hosts, keys, { grant_type: 'refresh_token', refresh_token: refreshToken, scope });
      return { accessToken: text(body.access_token), expiresIn: Number(body.expires_in) || 0 };
    },

    async user(token) {
      const body = (await userCall(`${hosts.apiz}/commerce/identity/v1/user/`, token)) as Json;
      return { userId: text(body.userId), username: text(body.username) };
    },

    async suggestCategories(token, query) {
      const tree = await categoryTree(token);
      const body = (await userCall(
        `${taxonomy}/category_tree/${tree}/get_category_suggestions?q=${encodeURIComponent(query)}`,
        token,
      )) as Json | null;
      return list(body?.categorySuggestions).map((suggestion) => {
        const category = (suggestion.category ?? {}) as Json;
        const ancestors = list(suggestion.categoryTreeNodeAncestors)
          .map((node) => text(node.categoryName))
          .reverse();
        const name = text(category.categoryName);
        return { id: text(category.categoryId), name, path: [...ancestors, name].join(' > ') };
      });
    },

    async aspects(token, categoryId) {
      const tree = await categoryTree(token);
      const body = (await userCall(
        `${taxonomy}/category_tree/${tree}/get_item_aspects_for_category?category_id=${encodeURIComponent(categoryId)}`,
        token,
      )) as Json | null;
      return list(body?.aspects).map((aspect): EbayAspect => {
        const constraint = (aspect.aspectConstraint ?? {}) as Json;
        return {
          name: text(aspect.localizedAspectName),
          required: constraint.aspectRequired === true,
          freeText: constraint.aspectMode !== 'SELECTION_ONLY',
          multiple: constraint.itemToAspectCardinality === 'MULTI',
          values: list(aspect.aspectValues).map((value) => text(value.localizedValue)),
        };
      });
    },

    async conditions(token, categoryId) {
      const body = (await userCall(
        `${hosts.api}/sell/metadata/v1/marketplace/${EBAY_MARKETPLACE_ID}/get_item_condition_policies?filter=${encodeURIComponent(`categoryIds:{${categoryId}}`)}`,
        token,
      )) as Json | null;
      const policy = list(body?.itemConditionPolicies).find((p) => text(p.categoryId) === categoryId);
      return list(policy?.itemConditions).map((condition) => text(condition.conditionId));
    },

    async policies(token) {
      const account = `${hosts.api}/sell/account/v1`;
      const query = `?marketplace_id=${EBAY_MARKETPLACE_ID}`;
      const [fulfillment, payment, returns] = (await Promise.all([
        userCall(`${account}/fulfillment_policy${query}`, token),
        userCall(`${account}/payment_policy${query}`, token),
        userCall(`${account}/return_policy${query}`, token),
      ])) as (Json | null)[];
      const named = (id: unknown, name: unknown) => ({ id: text(id), name: text(name) });
      return {
        fulfillment: list(fulfillment?.fulfillmentPolicies).map((p) => ({
          ...named(p.fulfillmentPolicyId, p.name),
          localPickup: p.localPickup === true,
          freight: p.freightShipping === true,
        })),
        payment: list(payment?.paymentPolicies).map((p) => named(p.paymentPolicyId, p.name)),
        return: list(returns?.returnPolicies).map((p) => named(p.returnPolicyId, p.name)),
      } satisfies EbayPolicies;
    },

    async locations(token) {
      const body = (await userCall(`${inventory}/location?limit=100`, token)) as Json | null;
      return list(body?.locations).map((l) => ({
        key: text(l.merchantLocationKey),
        name: text(l.name) || text(l.merchantLocationKey),
      }));
    },

    async uploadImage(token, image) {
      const form = new FormData();
      form.append('image', new Blob([image.data], { type: image.contentType }), 'photo');
      const response = await call(`${hosts.apim}/commerce/media/v1_beta/image/create_image_from_file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        body: form,
      });
      const location = response.headers.get('location');
      const body = (await answer(response)) as Json | null;
      if (text(body?.imageUrl)) return text(body?.imageUrl);
      // createImageFromFile may answer with the image's address only; getImage gives its URL.
      if (!location) throw new EbayUnavailable('createImageFromFile gave no image');
      const hosted = (await userCall(location, token)) as Json | null;
      return text(hosted?.imageUrl);
    },

    async putInventoryItem(token, item) {
      await userCall(`${inventory}/inventory_item/${encodeURIComponent(item.sku)}`, token, {
        method: 'PUT',
        contentLanguage: true,
        body: {
          availability: { shipToLocationAvailability: { quantity: item.quantity } },
          condition: item.condition,
          product: {
            title: item.title,
            description: item.description,
            aspects: item.aspects,
            imageUrls: item.imageUrls,
          },
        },
      });
    },

    async createOffer(token, offer) {
      const body = {
        sku: offer.sku,
        marketplaceId: EBAY_MARKETPLACE_ID,
        format: 'FIXED_PRICE',
        availableQuantity: 1,
        categoryId: offer.categoryId,
        listingDescription: offer.description,
        listingPolicies: {
          fulfillmentPolicyId: offer.fulfillmentPolicyId,
          paymentPolicyId: offer.paymentPolicyId,
          returnPolicyId: offer.returnPolicyId,
        },
        pricingSummary: { price: offer.price },
        merchantLocationKey: offer.merchantLocationKey,
      };
      const found = (await userCall(`${inventory}/offer?sku=${encodeURIComponent(offer.sku)}`, token).catch(
        () => null,
      )) as Json | null;
      const existing = list(found?.offers).find((o) => text(o.status) === 'UNPUBLISHED');
      if (existing) {
        const offerId = text(existing.offerId);
        await userCall(`${inventory}/offer/${offerId}`, token, { method: 'PUT', contentLanguage: true, body });
        return offerId;
      }
      const created = (await userCall(`${inventory}/offer`, token, {
        method: 'POST',
        contentLanguage: true,
        body,
      })) as Json | null;
      return text(created?.offerId);
    },

    async publishOffer(token, offerId) {
      const body = (await userCall(`${inventory}/offer/${encodeURIComponent(offerId)}/publish`, token, {
        method: 'POST',
      })) as Json | null;
      return text(body?.listingId);
    },

    async withdrawOffer(token, offerId) {
      await userCall(`${inventory}/offer/${encodeURIComponent(offerId)}/withdraw`, token, { method: 'POST' });
    },

    async ordersSince(token, since) {
      const lines: EbayOrderLine[] = [];
      const filter = encodeURIComponent(`creationdate:[${since}..]`);
      for (let offset = 0; ; offset += 200) {
        const body = (await userCall(
          `${hosts.api}/sell/fulfillment/v1/order?filter=${filter}&limit=200&offset=${offset}`,
          token,
        )) as Json | null;
        const orders = list(body?.orders);
        for (const order of orders)
          for (const line of list(order.lineItems))
            lines.push({ orderId: text(order.orderId), sku: text(line.sku), createdAt: text(order.creationDate) });
        if (orders.length < 200 || offset + 200 >= Number(body?.total ?? 0)) return lines;
      }
    },

    async notificationKey(keyId) {
      const cached = notificationKeys.get(keyId);
      if (cached && cached.until > Date.now()) return cached.key;
      const token = await applicationToken();
      const body = (await userCall(
        `${hosts.api}/commerce/notification/v1/public_key/${encodeURIComponent(keyId)}`,
        token,
      )) as Json | null;
      const key = { algorithm: text(body?.algorithm), digest: text(body?.digest), pem: pemOf(text(body?.key)) };
      notificationKeys.set(keyId, { key, until: Date.now() + KEY_CACHE_MS });
      return key;
    },

    listingUrl: (listingId) => `${hosts.web}/itm/${encodeURIComponent(listingId)}`,
    // eBay's account settings hold "Third-party app access"; a stand-in serves its own page.
    revokeAtEbayUrl: () =>
      settings.apiBaseUrl
        ? `${hosts.web}/account/third-party-apps`
        : `https://accountsettings.${settings.environment === 'sandbox' ? 'sandbox.' : ''}ebay.com/`,
  };
}
