import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  billingSessionRequestSchema,
  billingSessionResponseSchema,
  checkoutSessionRequestSchema,
} from './checkout.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('checkout session request', () => {
  it('takes a price and two redirect URLs', () => {
    const body = { priceId: 'price_1', successUrl: ' /dashboard?paid=true ', cancelUrl: '/pricing' };
    expect(checkoutSessionRequestSchema.parse(body)).toEqual({ ...body, successUrl: '/dashboard?paid=true' });
  });

  it.each([
    ['no body', undefined, MESSAGES.unknownPriceId],
    ['an array', [], MESSAGES.unknownPriceId],
    ['no price', { successUrl: '/a', cancelUrl: '/b' }, MESSAGES.unknownPriceId],
    ['a numeric price', { priceId: 8, successUrl: '/a', cancelUrl: '/b' }, MESSAGES.unknownPriceId],
    ['a blank success URL', { priceId: 'p', successUrl: '  ', cancelUrl: '/b' }, MESSAGES.urlRequired],
    ['a numeric cancel URL', { priceId: 'p', successUrl: '/a', cancelUrl: 5 }, MESSAGES.urlRequired],
  ])('refuses %s with the API’s message', (_name, body, message) => {
    expect(firstMessage(checkoutSessionRequestSchema.safeParse(body))).toBe(message);
  });
});

describe('billing session', () => {
  it('refuses a body without a return URL', () => {
    expect(firstMessage(billingSessionRequestSchema.safeParse({}))).toBe(MESSAGES.urlRequired);
    expect(firstMessage(billingSessionRequestSchema.safeParse(null))).toBe(MESSAGES.urlRequired);
  });

  it('answers in one of the two spec shapes', () => {
    expect(billingSessionResponseSchema.safeParse({ status: 'success', data: { url: 'https://x' } }).success).toBe(true);
    expect(billingSessionResponseSchema.safeParse({ status: 'error', message: 'No plan' }).success).toBe(true);
    expect(billingSessionResponseSchema.safeParse({ status: 'success', message: 'No plan' }).success).toBe(false);
  });
});
