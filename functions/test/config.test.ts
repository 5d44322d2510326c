import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { DEFAULT_TRIAL_DAYS, loadConfig, LOCAL_SITE_URL } from '../src/config.js';

describe('configuration', () => {
  it('reads price ids under either naming', () => {
    const config = loadConfig({
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_FLIPPER: 'price_f',
      STRIPE_PRICE_BUSINESS: 'price_b',
    });
    expect(config.priceIds).toEqual({ base: 'price_s', flipper: 'price_f', premium: 'price_b' });
  });

  it('uses the local price ids in local mode when none are configured', () => {
    expect(loadConfig({}, { localPriceIds: true }).priceIds).toEqual(LOCAL_PRICE_IDS);
    expect(loadConfig({}).priceIds).toEqual({});
  });

  it('defaults the trial to 7 days and MERGE_DB_USER to true', () => {
    expect(loadConfig({})).toMatchObject({ trialDays: DEFAULT_TRIAL_DAYS, mergeDbUser: true });
    expect(DEFAULT_TRIAL_DAYS).toBe(7);
    expect(loadConfig({ TRIAL_DAYS: '14', MERGE_DB_USER: 'false' })).toMatchObject({
      trialDays: 14,
      mergeDbUser: false,
    });
  });

  it('refuses a trial length that is not a whole number of days', () => {
    expect(() => loadConfig({ TRIAL_DAYS: 'seven' })).toThrow(/TRIAL_DAYS/);
    expect(() => loadConfig({ TRIAL_DAYS: '-1' })).toThrow(/TRIAL_DAYS/);
  });

  it('reads the site’s origins from SITE_URL, several comma-separated, trailing slashes dropped', () => {
    expect(loadConfig({ SITE_URL: 'https://flipstage.app/, https://www.flipstage.app' }).siteOrigins).toEqual([
      'https://flipstage.app',
      'https://www.flipstage.app',
    ]);
  });

  it('falls back to the mode’s default site when SITE_URL is empty', () => {
    expect(loadConfig({ SITE_URL: ' ' }, { defaultSiteUrl: LOCAL_SITE_URL }).siteOrigins).toEqual([
      'http://127.0.0.1:5173',
    ]);
  });

  it.each(['flipstage.app', 'https://flipstage.app/shop', 'ftp://flipstage.app', 'https://user@flipstage.app'])(
    'refuses SITE_URL %s, which is not a bare http(s) origin',
    (value) => {
      expect(() => loadConfig({ SITE_URL: value })).toThrow(/SITE_URL/);
    },
  );

  it('enforces App Check by default and turns it off with APP_CHECK=off', () => {
    expect(loadConfig({}).appCheck).toBe('enforce');
    expect(loadConfig({ APP_CHECK: ' Enforce ' }).appCheck).toBe('enforce');
    expect(loadConfig({ APP_CHECK: 'off' }).appCheck).toBe('off');
  });

  it('refuses an APP_CHECK that is neither enforce nor off', () => {
    expect(() => loadConfig({ APP_CHECK: 'false' })).toThrow(/APP_CHECK must be enforce or off/);
  });

  it('holds the sign-up credits for a verified email and reads the forwarded address in Firebase mode', () => {
    expect(loadConfig({})).toMatchObject({ signupCreditsNeedVerifiedEmail: true, clientAddress: 'forwarded' });
  });
});
