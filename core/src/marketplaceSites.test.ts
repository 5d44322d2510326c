import { describe, expect, it } from 'vitest';
import { KIT_MESSAGES, recordPostSchema } from './contracts/marketplacePosts.js';
import { urlBelongsToSite } from './marketplaceSites.js';

describe('urlBelongsToSite', () => {
  it('takes an address on the site’s domain or a subdomain of it', () => {
    expect(urlBelongsToSite('https://sfbay.craigslist.org/sfc/fuo/d/teak/7712345678.html', 'craigslist')).toBe(true);
    expect(urlBelongsToSite('https://www.facebook.com/marketplace/item/123/', 'facebook')).toBe(true);
    expect(urlBelongsToSite('https://offerup.com/item/detail/abc', 'offerup')).toBe(true);
  });

  it('refuses another site, a look-alike host and a host that only ends in the name', () => {
    expect(urlBelongsToSite('https://www.ebay.com/itm/1', 'etsy')).toBe(false);
    expect(urlBelongsToSite('https://etsy.com.example.net/listing/1', 'etsy')).toBe(false);
    expect(urlBelongsToSite('https://notetsy.com/listing/1', 'etsy')).toBe(false);
  });

  it('refuses user info before the host, and schemes other than http(s)', () => {
    expect(urlBelongsToSite('https://www.etsy.com@evil.example/listing/1', 'etsy')).toBe(false);
    expect(urlBelongsToSite('https://me:pw@www.etsy.com/listing/1', 'etsy')).toBe(false);
    expect(urlBelongsToSite('javascript://www.etsy.com/%0Aalert(1)', 'etsy')).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    expect(urlBelongsToSite('my etsy listing', 'etsy')).toBe(false);
  });
});

describe('recordPostSchema', () => {
  it('puts a wrong site’s address on the url field, naming the site', () => {
    const parsed = recordPostSchema.safeParse({
      itemId: 'i1',
      site: 'chairish',
      url: 'https://www.etsy.com/listing/1',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['url'], message: KIT_MESSAGES.postUrlNotOnSite('Chairish') }),
    ]);
  });

  it('asks for the address when none is given', () => {
    const parsed = recordPostSchema.safeParse({ itemId: 'i1', site: 'etsy', url: '  ' });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['url'], message: KIT_MESSAGES.postUrlRequired });
  });

  it('refuses eBay, which is published through its API rather than recorded by hand', () => {
    const parsed = recordPostSchema.safeParse({ itemId: 'i1', site: 'ebay', url: 'https://www.ebay.com/itm/1' });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['site'], message: KIT_MESSAGES.siteInvalid });
  });
});
