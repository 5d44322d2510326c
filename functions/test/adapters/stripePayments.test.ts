/** The Stripe adapter against a recording HTTP server that answers like the Stripe API. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookSignatureInvalid, type Payments } from '../../src/ports/payments.js';
import { createStripePayments } from '../../src/adapters/stripe.js';
import { signStripePayload } from '../../src/adapters/stripeWebhook.js';

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

const RESPONSES: Record<string, object> = {
  'POST /v1/customers': { id: 'cus_123', object: 'customer' },
  'POST /v1/checkout/sessions': {
    id: 'cs_123',
    object: 'checkout.session',
    url: 'https://checkout.stripe.com/c/pay/cs_123',
  },
  'POST /v1/billing_portal/sessions': {
    id: 'bps_1',
    object: 'billing_portal.session',
    url: 'https://billing.stripe.com/p/session/1',
  },
  'DELETE /v1/subscriptions/sub_2': { id: 'sub_2', object: 'subscription', status: 'canceled' },
  'GET /v1/subscriptions/sub_1': {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_123',
    status: 'trialing',
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_flipper', object: 'price' } }],
    },
  },
};

let server: Server;
let requests: Recorded[] = [];
let payments: Payments;
const secret = 'whsec_adapter_test';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const form = new URLSearchParams(await readBody(req));
    requests.push({
      method: req.method ?? '',
      path,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form,
    });
    const body = RESPONSES[`${req.method} ${path}`];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_1' });
    res.end(JSON.stringify(body ?? { error: { type: 'invalid_request_error', message: 'No such route' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new Stripe('sk_test_adapter', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  payments = createStripePayments({ secretKey: 'sk_test_adapter', webhookSecret: secret, client });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

describe('Stripe payments adapter', () => {
  it('creates a customer with the uid in metadata and the idempotency key', async () => {
    const id = await payments.createCustomer({
      uid: 'u1',
      email: 'a@example.com',
      name: 'Ana',
      idempotencyKey: 'customer-u1',
    });
    expect(id).toBe('cus_123');
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/customers', idempotencyKey: 'customer-u1' });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      email: 'a@example.com',
      name: 'Ana',
      'metadata[uid]': 'u1',
    });
  });

  it('creates a subscription checkout for the customer with client_reference_id and the trial', async () => {
    const session = await payments.createCheckoutSession({
      uid: 'u1',
      customerId: 'cus_123',
      priceId: 'price_flipper',
      successUrl: 'https://app.example/dashboard?paid=true',
      cancelUrl: 'https://app.example/pricing',
      trialDays: 7,
      idempotencyKey: 'checkout-u1-k',
    });
    expect(session).toEqual({ id: 'cs_123', url: 'https://checkout.stripe.com/c/pay/cs_123' });
    expect(requests[0]?.idempotencyKey).toBe('checkout-u1-k');
    expect(Object.fromEntries(requests[0]!.form)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_123',
      client_reference_id: 'u1',
      'line_items[0][price]': 'price_flipper',
      'line_items[0][quantity]': '1',
      success_url: 'https://app.example/dashboard?paid=true',
      cancel_url: 'https://app.example/pricing',
      'subscription_data[trial_period_days]': '7',
    });
  });

  it('sends no trial when there is none', async () => {
    await payments.createCheckoutSession({
      uid: 'u1',
      customerId: 'cus_123',
      priceId: 'price_base',
      successUrl: 'https://app.example/ok',
      cancelUrl: 'https://app.example/no',
      trialDays: null,
      idempotencyKey: 'checkout-u1-k2',
    });
    expect(requests[0]!.form.has('subscription_data[trial_period_days]')).toBe(false);
  });

  it('cancels a subscription now, with the idempotency key', async () => {
    await payments.cancelSubscription({ subscriptionId: 'sub_2', idempotencyKey: 'cancel-duplicate-sub_2' });
    expect(requests).toEqual([expect.objectContaining({ method: 'DELETE', path: '/v1/subscriptions/sub_2' })]);
    expect(requests[0]!.idempotencyKey).toBe('cancel-duplicate-sub_2');
  });

  it('opens the billing portal for the customer', async () => {
    expect(
      await payments.createPortalSession({ customerId: 'cus_123', returnUrl: 'https://app.example/settings/general' }),
    ).toEqual({
      url: 'https://billing.stripe.com/p/session/1',
    });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      customer: 'cus_123',
      return_url: 'https://app.example/settings/general',
    });
  });

  it('re-reads a subscription as status, customer and price', async () => {
    expect(await payments.getSubscription('sub_1')).toEqual({
      id: 'sub_1',
      customerId: 'cus_123',
      status: 'trialing',
      priceId: 'price_flipper',
    });
  });

  it('verifies a webhook signed with the secret and refuses any other', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const body = new TextEncoder().encode(payload);
    expect(payments.verifyWebhook(body, signStripePayload(payload, secret)).id).toBe('evt_1');
    expect(() => payments.verifyWebhook(body, signStripePayload(payload, 'whsec_other'))).toThrow(
      WebhookSignatureInvalid,
    );
    expect(() => payments.verifyWebhook(body, undefined)).toThrow(WebhookSignatureInvalid);
    const stale = signStripePayload(payload, secret, Math.floor(Date.now() / 1000) - 3600);
    expect(() => payments.verifyWebhook(body, stale)).toThrow(WebhookSignatureInvalid);
  });
});
