import { describe, expect, it } from 'vitest';
import { pricingUrl, siteUrl } from '../src/siteUrl.js';

describe("the web app's address", () => {
  it("is local mode's web app for the local API", () => {
    expect(siteUrl('http://127.0.0.1:5050/api', {})).toBe('http://127.0.0.1:5173');
  });

  it("is the API's own origin in Firebase mode, where Hosting serves both", () => {
    expect(siteUrl('https://flipstage.example/api', {})).toBe('https://flipstage.example');
  });

  it('is FLIPSTAGE_SITE when set', () => {
    expect(siteUrl('http://127.0.0.1:5050/api', { FLIPSTAGE_SITE: 'https://shop.example/' })).toBe(
      'https://shop.example',
    );
  });

  it('gives the plans page for buying credits', () => {
    expect(pricingUrl('https://flipstage.example/api', {})).toBe('https://flipstage.example/pricing');
  });
});
