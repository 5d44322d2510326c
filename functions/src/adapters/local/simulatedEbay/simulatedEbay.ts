/**
 * A simulated eBay speaking the REST calls FlipStage makes (issue 41): OAuth's token endpoint,
 * Commerce Identity, Taxonomy, Metadata, Account, Media, Inventory and Fulfillment. Local mode
 * mounts it on the local host, so the real adapter (adapters/ebay/restEbay.ts) runs against it; the
 * tests start it on node:http as their stand-in. eBay's checks live in ebayRules.ts.
 */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { EBAY_CONDITIONS } from '@flipstage/core';
import type { EbayErrorDetail } from '../../../ports/ebay.js';
import { EBAY_ERROR_IDS, ebayError, inventoryItemErrors, offerErrors, publishErrors } from './ebayRules.js';
import { categoryById, suggestCategories } from './simCatalogue.js';
import { APP, newId, SIM_POLICIES, SIM_SELLER, type SimMemory, type SimOffer } from './simState.js';
import { simOAuth, type SimApp } from './simOAuth.js';
import { imageLongSide } from './simImages.js';
import type { SimSigner } from './simSigner.js';

export interface SimulatedEbayOptions {
  app: SimApp;
  memory: SimMemory;
  /** Where this server is reached, for the picture URLs it hands out. */
  baseUrl: string;
  /** Signs its notifications; its public key is served as getPublicKey's. */
  signer: SimSigner;
  now?: () => number;
}

const refuse = (res: Response, status: number, errors: EbayErrorDetail[]) => res.status(status).json({ errors });
const notFound = (res: Response, what: string) =>
  refuse(res, 404, [
    ebayError(
      EBAY_ERROR_IDS.notFound,
      'API_INVENTORY',
      `We didn't find the ${what} you are requesting.`,
      `No ${what}.`,
    ),
  ]);

export function simulatedEbayApi(options: SimulatedEbayOptions): Router {
  const { memory } = options;
  const state = memory.state;
  const now = options.now ?? Date.now;
  const router = Router();
  router.use(simOAuth(options));

  /** Every API call below needs a live access token: eBay's 401 with error 1001 otherwise. */
  const token = (req: Request, res: Response, next: NextFunction) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const held = state.accessTokens[token];
    if (!held || held.expiresAt <= now()) {
      refuse(res, 401, [
        ebayError(
          EBAY_ERROR_IDS.invalidToken,
          'OAuth',
          'Invalid access token',
          'Invalid access token. Check the value of the Authorization HTTP request header.',
        ),
      ]);
      return;
    }
    res.locals.userId = held.userId;
    next();
  };
  /** A seller's calls take a user token; an application token (client credentials) may not act for a seller. */
  const seller = (req: Request, res: Response, next: NextFunction) =>
    token(req, res, () => {
      if (res.locals.userId !== APP) return next();
      refuse(res, 403, [ebayError(1100, 'OAuth', 'Access denied', 'Insufficient permissions to fulfill the request.')]);
    });
  /** getPublicKey takes an application token. */
  const app = (req: Request, res: Response, next: NextFunction) =>
    token(req, res, () => {
      if (res.locals.userId === APP) return next();
      refuse(res, 403, [ebayError(1100, 'OAuth', 'Access denied', 'Insufficient permissions to fulfill the request.')]);
    });
  const userOf = (res: Response) => res.locals.userId as string;
  const json = express.json({ limit: '1mb' });

  router.get('/commerce/identity/v1/user/', seller, (_req, res) => {
    res.json({ userId: SIM_SELLER.userId, username: SIM_SELLER.username, accountType: 'INDIVIDUAL' });
  });

  const taxonomy = '/commerce/taxonomy/v1';
  router.get(`${taxonomy}/get_default_category_tree_id`, seller, (req, res) => {
    if (req.query.marketplace_id !== 'EBAY_US')
      return refuse(res, 400, [ebayError(62004, 'API_TAXONOMY', 'The marketplace ID is invalid.', 'Use EBAY_US.')]);
    res.json({ categoryTreeId: '0', categoryTreeVersion: '130' });
  });
  router.get(`${taxonomy}/category_tree/0/get_category_suggestions`, seller, (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q : '';
    if (!q.trim())
      return refuse(res, 400, [
        ebayError(62003, 'API_TAXONOMY', 'Missing keyword.', 'The q query parameter is required.'),
      ]);
    res.json({
      categorySuggestions: suggestCategories(q).map((c) => ({
        category: { categoryId: c.id, categoryName: c.name },
        // eBay lists the ancestors nearest first.
        categoryTreeNodeAncestors: [...c.ancestors].reverse().map((name) => ({ categoryName: name })),
      })),
    });
  });
  router.get(`${taxonomy}/category_tree/0/get_item_aspects_for_category`, seller, (req, res) => {
    const category = categoryById(String(req.query.category_id ?? ''));
    if (!category)
      return refuse(res, 400, [
        ebayError(62005, 'API_TAXONOMY', 'The category ID is invalid.', 'No such leaf category.'),
      ]);
    res.json({
      aspects: category.aspects.map((a) => ({
        localizedAspectName: a.name,
        aspectConstraint: {
          aspectRequired: a.required,
          aspectMode: a.freeText ? 'FREE_TEXT' : 'SELECTION_ONLY',
          itemToAspectCardinality: 'SINGLE',
        },
        aspectValues: a.values.map((v) => ({ localizedValue: v })),
      })),
    });
  });

  router.get('/sell/metadata/v1/marketplace/EBAY_US/get_item_condition_policies', seller, (req, res) => {
    const id = /categoryIds:\{(\w+)\}/.exec(String(req.query.filter ?? ''))?.[1];
    const category = id ? categoryById(id) : undefined;
    res.json({
      itemConditionPolicies: category
        ? [
            {
              categoryId: category.id,
              categoryTreeId: '0',
              itemConditionRequired: true,
              itemConditions: category.conditions.map((conditionId) => ({
                conditionId,
                conditionDescription: EBAY_CONDITIONS.find((c) => c.id === conditionId)?.label,
              })),
            },
          ]
        : [],
    });
  });

  const account = '/sell/account/v1';
  const policyList = (key: string, items: unknown[]) => (req: Request, res: Response) => {
    if (req.query.marketplace_id !== 'EBAY_US')
      return refuse(res, 400, [
        ebayError(20401, 'API_ACCOUNT', 'Missing field marketplaceId.', 'marketplace_id is required.'),
      ]);
    res.json({ total: items.length, [key]: items });
  };
  router.get(`${account}/fulfillment_policy`, seller, policyList('fulfillmentPolicies', SIM_POLICIES.fulfillment));
  router.get(`${account}/payment_policy`, seller, policyList('paymentPolicies', SIM_POLICIES.payment));
  router.get(`${account}/return_policy`, seller, policyList('returnPolicies', SIM_POLICIES.return));

  const media = '/commerce/media/v1_beta/image';
  router.post(`${media}/create_image_from_file`, seller, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': req.get('content-type') ?? '' },
    })
      .formData()
      .catch(() => null);
    const file = form?.get('image');
    if (!(file instanceof Blob))
      return refuse(res, 400, [
        ebayError(190000, 'API_MEDIA', 'The image is missing.', 'Send the image as the multipart part named image.'),
      ]);
    const data = Buffer.from(await file.arrayBuffer());
    const longSide = await imageLongSide(data);
    if (longSide === null)
      return refuse(res, 400, [
        ebayError(
          190001,
          'API_MEDIA',
          'The image format is not supported.',
          'Send a JPEG, PNG, WEBP, GIF, TIFF or BMP picture.',
        ),
      ]);
    const id = newId('img');
    state.images[id] = { longSide, contentType: file.type || 'image/jpeg', data: data.toString('base64') };
    await memory.save();
    res
      .status(201)
      .location(`${options.baseUrl}${media}/${id}`)
      .json({ imageUrl: `${options.baseUrl}/images/${id}` });
  });
  router.get('/images/:id', (req, res) => {
    const image = state.images[req.params.id];
    if (!image) return void res.status(404).end();
    res.type(image.contentType).send(Buffer.from(image.data, 'base64'));
  });

  const inventory = '/sell/inventory/v1';
  router.get(`${inventory}/location`, seller, (_req, res) => {
    res.json({ total: SIM_POLICIES.locations.length, locations: SIM_POLICIES.locations });
  });
  router.put(`${inventory}/inventory_item/:sku`, seller, json, async (req, res) => {
    const errors = inventoryItemErrors(req.body as Record<string, unknown>, req.get('content-language'));
    if (errors.length) return refuse(res, 400, errors);
    state.items[`${userOf(res)}/${req.params.sku}`] = req.body as Record<string, unknown>;
    await memory.save();
    res.status(204).end();
  });

  const offerOf = (res: Response, offerId: string): SimOffer | undefined => {
    const offer = state.offers[offerId];
    return offer?.userId === userOf(res) ? offer : undefined;
  };
  router.get(`${inventory}/offer`, seller, (req, res) => {
    const offers = Object.values(state.offers).filter((o) => o.userId === userOf(res) && o.sku === req.query.sku);
    if (!offers.length) return notFound(res, 'offer');
    res.json({
      total: offers.length,
      offers: offers.map((o) => ({ ...o.body, offerId: o.offerId, status: o.status })),
    });
  });
  router.post(`${inventory}/offer`, seller, json, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const errors = offerErrors(body, req.get('content-language'));
    if (errors.length) return refuse(res, 400, errors);
    if (!state.items[`${userOf(res)}/${String(body.sku)}`]) return notFound(res, 'inventory item');
    const offerId = String((state.seq += 1));
    state.offers[offerId] = { offerId, userId: userOf(res), sku: String(body.sku), body, status: 'UNPUBLISHED' };
    await memory.save();
    res.status(201).json({ offerId });
  });
  router.put(`${inventory}/offer/:offerId`, seller, json, async (req, res) => {
    const offer = offerOf(res, String(req.params.offerId));
    if (!offer) return notFound(res, 'offer');
    const errors = offerErrors(req.body as Record<string, unknown>, req.get('content-language'));
    if (errors.length) return refuse(res, 400, errors);
    offer.body = req.body as Record<string, unknown>;
    await memory.save();
    res.status(204).end();
  });
  router.post(`${inventory}/offer/:offerId/publish`, seller, async (req, res) => {
    const offer = offerOf(res, String(req.params.offerId));
    if (!offer) return notFound(res, 'offer');
    const item = state.items[`${offer.userId}/${offer.sku}`] ?? {};
    const product = (item.product ?? {}) as {
      title?: string;
      aspects?: Record<string, string[]>;
      imageUrls?: string[];
    };
    const policies = (offer.body.listingPolicies ?? {}) as Record<string, string | undefined>;
    const fulfillment = SIM_POLICIES.fulfillment.find((p) => p.fulfillmentPolicyId === policies.fulfillmentPolicyId);
    const errors = publishErrors({
      title: product.title ?? '',
      conditionName: item.condition as string | undefined,
      categoryId: offer.body.categoryId as string | undefined,
      aspects: product.aspects ?? {},
      pictureSizes: (product.imageUrls ?? []).map((url) => {
        const id = url.startsWith(`${options.baseUrl}/images/`) ? url.slice(`${options.baseUrl}/images/`.length) : '';
        return state.images[id]?.longSide ?? null;
      }),
      fulfillmentPolicy: fulfillment && { localPickup: fulfillment.localPickup, freight: fulfillment.freightShipping },
      fulfillmentPolicyId: policies.fulfillmentPolicyId,
      paymentPolicyKnown: SIM_POLICIES.payment.some((p) => p.paymentPolicyId === policies.paymentPolicyId),
      returnPolicyKnown: SIM_POLICIES.return.some((p) => p.returnPolicyId === policies.returnPolicyId),
      locationKnown: SIM_POLICIES.locations.some((l) => l.merchantLocationKey === offer.body.merchantLocationKey),
    });
    if (errors.length) return refuse(res, 400, errors);
    offer.status = 'PUBLISHED';
    // Every publication is a new eBay listing, with its own id.
    offer.listingId = String(110_000_000_000 + (state.seq += 1));
    await memory.save();
    res.json({ listingId: offer.listingId });
  });
  router.post(`${inventory}/offer/:offerId/withdraw`, seller, async (req, res) => {
    const offer = offerOf(res, String(req.params.offerId));
    if (!offer) return notFound(res, 'offer');
    if (offer.status !== 'PUBLISHED')
      return refuse(res, 400, [
        ebayError(25713, 'API_INVENTORY', 'This Offer is not available.', 'Only a published offer can be withdrawn.'),
      ]);
    // eBay ends the listing and keeps the offer, unpublished, to publish again later.
    offer.status = 'UNPUBLISHED';
    await memory.save();
    res.json({ listingId: offer.listingId });
  });

  router.get('/commerce/notification/v1/public_key/:kid', app, (req, res) => {
    if (req.params.kid !== options.signer.kid) return notFound(res, 'public key');
    res.json({ algorithm: 'ECDSA', digest: 'SHA1', key: options.signer.publicKey });
  });

  router.get('/sell/fulfillment/v1/order', seller, (req, res) => {
    const since = /creationdate:\[([^.\]]+)\.\./.exec(String(req.query.filter ?? ''))?.[1];
    const from = since ? Date.parse(since) : 0;
    const orders = state.orders.filter((o) => o.userId === userOf(res) && Date.parse(o.creationDate) >= from);
    res.json({
      total: orders.length,
      orders: orders.map((o) => ({
        orderId: o.orderId,
        creationDate: o.creationDate,
        lineItems: [{ sku: o.sku, quantity: 1 }],
      })),
    });
  });
  return router;
}
