/**
 * The fetch adapter for eBay (adapters/ebay/) against the stand-in: eBay's answers become the
 * port's errors (a refused call with eBay's own errors, a refused token, an eBay that is not
 * there), and eBay's one-line PEM keys are read.
 */
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestEbay, pemOf } from '../../../src/adapters/ebay/restEbay.js';
import { EbayAuthRevoked, EbayRefused, EbayUnavailable } from '../../../src/ports/ebay.js';
import { startEbayStandIn, TEST_EBAY_APP, type EbayStandIn } from '../../helpers/ebayStandIn.js';

let ebay: EbayStandIn;
beforeAll(async () => {
  ebay = await startEbayStandIn();
});
afterAll(() => ebay.close());

const adapter = (overrides: { clientSecret?: string; apiBaseUrl?: string } = {}) =>
  createRestEbay({
    environment: 'sandbox',
    clientId: TEST_EBAY_APP.clientId,
    clientSecret: overrides.clientSecret ?? TEST_EBAY_APP.clientSecret,
    ruName: TEST_EBAY_APP.ruName,
    apiBaseUrl: overrides.apiBaseUrl ?? ebay.baseUrl,
    authBaseUrl: overrides.apiBaseUrl ?? ebay.baseUrl,
  });

/** A seller's agreement on the consent page, as eBay's redirect carries it: the authorization code. */
async function consentCode(): Promise<string> {
  const agreed = await fetch(`${ebay.baseUrl}/oauth2/decision`, {
    method: 'POST',
    body: new URLSearchParams({ state: 's', decision: 'agree' }),
    redirect: 'manual',
  });
  return new URL(agreed.headers.get('location')!).searchParams.get('code')!;
}

describe('eBay’s answers as the port’s errors', () => {
  it('a refresh token eBay does not know is a revoked token', async () => {
    await expect(adapter().refresh('v^1.1#unknown')).rejects.toBeInstanceOf(EbayAuthRevoked);
  });

  it('an access token eBay refuses (its error 1001) is a revoked token', async () => {
    await expect(adapter().locations('not-a-token')).rejects.toBeInstanceOf(EbayAuthRevoked);
  });

  it('a call eBay refuses carries eBay’s own errors', async () => {
    const api = adapter();
    const token = (await api.exchangeCode(await consentCode())).accessToken;
    const refused = await api
      .putInventoryItem(token, {
        sku: 's1',
        title: 'x'.repeat(81),
        description: '',
        condition: 'USED_EXCELLENT',
        aspects: {},
        imageUrls: [],
        quantity: 1,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EbayRefused);
    expect((refused as EbayRefused).errors).toEqual([
      {
        errorId: 25709,
        domain: 'API_INVENTORY',
        category: 'REQUEST',
        message: 'Invalid value for product.title. The title may not be longer than 80 characters.',
        longMessage: 'Invalid value for product.title. The title may not be longer than 80 characters.',
        parameters: [{ name: 'fieldName', value: 'product.title' }],
      },
    ]);
  });

  it('an application token may not act for a seller', async () => {
    const api = adapter();
    const tokens = await fetch(`${ebay.baseUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_EBAY_APP.clientId}:${TEST_EBAY_APP.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'https://api.ebay.com/oauth/api_scope' }),
    });
    const { access_token: appToken } = (await tokens.json()) as { access_token: string };
    const refused = await api.locations(appToken).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EbayRefused);
    expect((refused as EbayRefused).errors[0]?.errorId).toBe(1100);
  });

  it('the app’s wrong keys are refused, not taken for a seller’s revoked token', async () => {
    const refused = await adapter({ clientSecret: 'wrong' })
      .refresh('anything')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EbayRefused);
  });

  it('an eBay that cannot be reached is unavailable', async () => {
    await expect(adapter({ apiBaseUrl: 'http://127.0.0.1:9' }).refresh('x')).rejects.toBeInstanceOf(EbayUnavailable);
  });
});

describe('eBay’s notification keys', () => {
  it('reads a key eBay sends as PEM on one line', () => {
    const oneLine = ebay.signer.publicKey;
    expect(oneLine).not.toContain('\n');
    expect(createPublicKey(pemOf(oneLine)).asymmetricKeyType).toBe('ec');
  });
});
