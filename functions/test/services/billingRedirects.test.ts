import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { resolveRedirectUrl } from '../../src/services/redirectUrls.js';

const site = { origins: ['https://flipstage.app', 'https://flipstage-prod.web.app'], callerOrigin: null };

describe('checkout and portal redirect URLs', () => {
  it('keep an absolute URL on the site', () => {
    expect(resolveRedirectUrl('https://flipstage.app/dashboard?paid=true', site)).toBe(
      'https://flipstage.app/dashboard?paid=true',
    );
  });

  it('resolve the spec’s same-site paths against the caller’s origin when it is one of the site’s', () => {
    const fromHosting = { ...site, callerOrigin: 'https://flipstage-prod.web.app' };
    expect(resolveRedirectUrl('/dashboard?paid=true', fromHosting)).toBe(
      'https://flipstage-prod.web.app/dashboard?paid=true',
    );
  });

  it('resolve paths against the site’s first origin when the caller is elsewhere', () => {
    expect(resolveRedirectUrl('/pricing', { ...site, callerOrigin: 'https://evil.example' })).toBe(
      'https://flipstage.app/pricing',
    );
  });

  it.each([
    'https://evil.example/dashboard',
    'https://flipstage.app.evil.com/dashboard',
    'https://flipstage.app@evil.com/dashboard',
    'http://flipstage.app/dashboard',
    'https://flipstage.app:8443/dashboard',
    'javascript:alert(1)',
    '//evil.example/dashboard',
    '/\\evil.example/dashboard',
  ])('refuse %s as off the site', (value) => {
    expect(() => resolveRedirectUrl(value, site)).toThrow(MESSAGES.redirectOffSite);
  });

  it.each([[''], ['   '], [42], [null]])('refuse %j as no URL', (value) => {
    expect(() => resolveRedirectUrl(value, site)).toThrow(MESSAGES.urlRequired);
  });

  it('refuse a path when the site has no origin configured', () => {
    expect(() => resolveRedirectUrl('/pricing', { origins: [], callerOrigin: 'http://127.0.0.1:5173' })).toThrow(
      MESSAGES.urlRequired,
    );
  });
});
