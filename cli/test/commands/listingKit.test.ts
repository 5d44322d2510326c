import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KIT_MESSAGES, KIT_SITES, type KitSite, type ListingKit, type SiteKit } from '@flipstage/core';
import { writeKits, type KitSource } from '../../src/commands/listingKit.js';

const siteKit = (site: KitSite, overrides: Partial<SiteKit> = {}): SiteKit => ({
  site,
  title: `Teak sideboard for ${site}`,
  titleLimit: 70,
  description: 'Three doors, one shelf.\n\nPickup only',
  postingUrl: `https://${site}.example/post`,
  photoCount: 2,
  unavailable: null,
  ...overrides,
});

/** The API as the command sees it: a fixed kit, and each download written as the URL it was asked for. */
function fakeSource(kit: ListingKit): KitSource & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    listingKit: async () => kit,
    kitPhotosUrl: (id, site, staged) =>
      `https://api.example/kit/photos?id=${id}&site=${site}&staged=${staged?.join(',')}`,
    download: async (url, target) => {
      urls.push(url);
      await writeFile(target, url);
    },
  };
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function outDir() {
  const dir = await mkdtemp(join(tmpdir(), 'flipstage-kit-'));
  dirs.push(dir);
  return join(dir, 'kits');
}

describe('writeKits', () => {
  it('writes each site’s title, description and posting page, and its photos’ ZIP', async () => {
    const out = await outDir();
    const source = fakeSource({ itemId: 'i1', stagedPhotos: [0], sites: [siteKit('craigslist')] });
    const written = await writeKits(source, 'i1', { out, sites: KIT_SITES, staged: undefined });
    expect(await readFile(join(out, 'craigslist.txt'), 'utf8')).toBe(
      'Teak sideboard for craigslist\n\nThree doors, one shelf.\n\nPickup only\n\nPost it at https://craigslist.example/post\n',
    );
    expect(await readFile(join(out, 'craigslist-photos.zip'), 'utf8')).toBe(source.urls[0]);
    expect(written).toEqual([
      expect.objectContaining({
        site: 'craigslist',
        textFile: join(out, 'craigslist.txt'),
        photosFile: join(out, 'craigslist-photos.zip'),
      }),
    ]);
  });

  it('asks every site’s photos with the staged photos the server settled on', async () => {
    const source = fakeSource({ itemId: 'i1', stagedPhotos: [1], sites: [siteKit('facebook'), siteKit('offerup')] });
    await writeKits(source, 'i1', { out: await outDir(), sites: KIT_SITES, staged: undefined });
    expect(source.urls).toEqual([
      'https://api.example/kit/photos?id=i1&site=facebook&staged=1',
      'https://api.example/kit/photos?id=i1&site=offerup&staged=1',
    ]);
  });

  it('skips a site the piece cannot go to, saying why, and writes nothing for it', async () => {
    const out = await outDir();
    const etsy = siteKit('etsy', { unavailable: KIT_MESSAGES.etsyNeedsVintage });
    const written = await writeKits(fakeSource({ itemId: 'i1', stagedPhotos: [], sites: [etsy] }), 'i1', {
      out,
      sites: KIT_SITES,
      staged: undefined,
    });
    expect(written).toEqual([
      expect.objectContaining({
        site: 'etsy',
        textFile: null,
        photosFile: null,
        unavailable: KIT_MESSAGES.etsyNeedsVintage,
      }),
    ]);
    expect(await readdir(out)).toEqual([]);
  });

  it('writes only the sites asked for', async () => {
    const out = await outDir();
    const source = fakeSource({ itemId: 'i1', stagedPhotos: [], sites: [siteKit('facebook'), siteKit('chairish')] });
    await writeKits(source, 'i1', { out, sites: ['chairish'], staged: undefined });
    expect((await readdir(out)).sort()).toEqual(['chairish-photos.zip', 'chairish.txt']);
  });

  it('writes no ZIP for a listing without photos', async () => {
    const out = await outDir();
    const source = fakeSource({ itemId: 'i1', stagedPhotos: [], sites: [siteKit('offerup', { photoCount: 0 })] });
    await writeKits(source, 'i1', { out, sites: KIT_SITES, staged: undefined });
    expect(await readdir(out)).toEqual(['offerup.txt']);
  });
});
