/**
 * The bad-input catalogue (issue 12), billing: checkout, billing portal and webhook bodies the API
 * cannot read. Each is answered with a 4xx and its exact message, and nothing is stored or charged
 * after it (badInputSetup.ts).
 */
import { describe, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import {
  NUL,
  postJson,
  checkout,
  portal,
  refusedLeavingAllAsItWas,
  type ApiCase,
  useBadInputApp,
} from './badInputSetup.js';

useBadInputApp();

const CASES: ApiCase[] = [
  // checkout and portal: generic bad bodies (redirect URLs and trials are billing's own tests)
  {
    name: 'checkout with malformed JSON',
    send: () => checkout('{"priceId":'),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  { name: 'checkout with a JSON string', send: () => checkout('"price"'), status: 400, message: MESSAGES.invalidJson },
  { name: 'checkout without a price', send: () => checkout('{}'), status: 400, message: MESSAGES.unknownPriceId },
  {
    name: 'checkout with a NUL price',
    send: () => checkout(JSON.stringify({ priceId: `${LOCAL_PRICE_IDS.base}${NUL}` })),
    status: 400,
    message: MESSAGES.unknownPriceId,
  },
  {
    name: 'checkout with a numeric price',
    send: () => checkout('{"priceId":8}'),
    status: 400,
    message: MESSAGES.unknownPriceId,
  },
  {
    name: 'checkout over 16 kB',
    send: () => checkout(JSON.stringify({ priceId: 'p'.repeat(20_000) })),
    status: 413,
    message: MESSAGES.fileTooLarge,
  },
  // The JSON parser answers before the portal's own handler, so these two carry the common error shape.
  {
    name: 'portal with malformed JSON',
    send: () => portal('{"returnUrl":'),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'portal over 16 kB',
    send: () => portal(JSON.stringify({ returnUrl: `/${'r'.repeat(20_000)}` })),
    status: 413,
    message: MESSAGES.fileTooLarge,
  },
  {
    name: 'portal with a numeric return URL',
    send: () => portal('{"returnUrl":5}'),
    status: 400,
    message: MESSAGES.urlRequired,
    shape: 'portal',
  },

  // webhook
  {
    name: 'webhook without a signature',
    send: () => postJson('/api/stripe-webhook', '{}', null),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
  {
    name: 'webhook with a forged signature',
    send: () => postJson('/api/stripe-webhook', '{"id":"evt_1"}', null).set('stripe-signature', 't=1,v1=00'),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
  {
    name: 'webhook with malformed JSON and no signature',
    send: () => postJson('/api/stripe-webhook', '{"id":', null),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
  {
    name: 'webhook with NUL in the signature',
    send: () => postJson('/api/stripe-webhook', '{}', null).set('stripe-signature', 't=1,v1=%00'),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
];

describe('bad input to the API', () => {
  it.each(CASES)('$name → $status', refusedLeavingAllAsItWas);
});
