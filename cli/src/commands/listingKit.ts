/**
 * `flipstage listings kit <id> --out DIR` (issue 41): a listing's kits for Facebook Marketplace,
 * Craigslist, OfferUp, Chairish and Etsy written to a folder, per site a text file (title,
 * description, where to post) and a ZIP of the photos sized for it. Etsy's is left out, saying
 * why, unless the piece is marked vintage. The API refuses sellers without Flipper or Premium.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { isKitSite, KIT_SITES, SITE_LABELS, type KitSite, type ListingKit, type SiteKit } from '@flipstage/core';
import { openSession } from '../session.js';
import type { CommandContext } from './context.js';
import { EXIT, usageError, type ExitCode } from '../errors/exitCodes.js';

/** What the command needs of the API client, so its file writing can be tested without one. */
export interface KitSource {
  listingKit(id: string, staged: readonly number[] | undefined): Promise<ListingKit>;
  kitPhotosUrl(id: string, site: KitSite, staged: readonly number[] | undefined): string;
  download(url: string, target: string): Promise<void>;
}

export interface KitOptions {
  out: string;
  sites: readonly KitSite[];
  staged: readonly number[] | undefined;
}

export interface WrittenSite {
  site: KitSite;
  title: string;
  postingUrl: string;
  textFile: string | null;
  photosFile: string | null;
  /** Why the site has no kit (Etsy without the vintage mark); null when it was written. */
  unavailable: string | null;
}

export function kitText(kit: SiteKit): string {
  return `${kit.title}\n\n${kit.description}\n\nPost it at ${kit.postingUrl}\n`;
}

/** Writes each chosen site's text and photos into `out`; the kits are asked for once, the photos per site. */
export async function writeKits(source: KitSource, id: string, options: KitOptions): Promise<WrittenSite[]> {
  const kit = await source.listingKit(id, options.staged);
  await mkdir(options.out, { recursive: true });
  const written: WrittenSite[] = [];
  for (const siteKit of kit.sites.filter((s) => options.sites.includes(s.site))) {
    const base = { site: siteKit.site, title: siteKit.title, postingUrl: siteKit.postingUrl };
    if (siteKit.unavailable) {
      written.push({ ...base, textFile: null, photosFile: null, unavailable: siteKit.unavailable });
      continue;
    }
    const textFile = join(options.out, `${siteKit.site}.txt`);
    await writeFile(textFile, kitText(siteKit), 'utf8');
    let photosFile: string | null = null;
    if (siteKit.photoCount > 0) {
      photosFile = join(options.out, `${siteKit.site}-photos.zip`);
      // The server's answer to "which photos are staged", so every site's ZIP agrees with its text.
      await source.download(source.kitPhotosUrl(id, siteKit.site, kit.stagedPhotos), photosFile);
    }
    written.push({ ...base, textFile, photosFile, unavailable: null });
  }
  return written;
}

function parseSites(value: string | undefined): KitSite[] {
  if (value === undefined) return [...KIT_SITES];
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !isKitSite(name));
  if (unknown.length > 0) throw usageError(`Unknown site ${unknown.join(', ')}: choose from ${KIT_SITES.join(', ')}.`);
  return names.filter(isKitSite);
}

function parseStaged(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  if (!/^(\d{1,2}(,\d{1,2})*)?$/.test(value.replace(/\s/g, '')))
    throw usageError('--staged takes photo numbers from 1, separated by commas (for example --staged 1,3).');
  // People count photos from 1; the API from 0.
  return value
    .replace(/\s/g, '')
    .split(',')
    .filter((n) => n !== '')
    .map((n) => Number(n) - 1)
    .filter((n) => n >= 0);
}

export function listingKitCommand(ctx: CommandContext): Command {
  return new Command('kit')
    .description('write a listing’s kits for Facebook Marketplace, Craigslist, OfferUp, Chairish and Etsy')
    .argument('<id>', 'the listing’s id (the end of its page’s address)')
    .requiredOption('--out <dir>', 'the folder to write the kits into')
    .option('--site <sites>', `only these sites, comma-separated (${KIT_SITES.join(', ')})`)
    .option('--staged <numbers>', 'the photos that are virtually staged, counted from 1 (default: the server’s guess)')
    .option('--json', 'print JSON')
    .action(async (id: string, raw: { out: string; site?: string; staged?: string; json?: boolean }) => {
      const json = raw.json === true;
      ctx.useJson(json);
      const options = { out: resolve(raw.out), sites: parseSites(raw.site), staged: parseStaged(raw.staged) };
      const session = await openSession(ctx.io.env, { logger: ctx.logger });
      let written: WrittenSite[];
      try {
        written = await writeKits(session.client, id, options);
      } finally {
        await session.client.close();
      }
      ctx.finish(report(ctx, id, options.out, written, json));
    });
}

function report(ctx: CommandContext, id: string, out: string, written: WrittenSite[], json: boolean): ExitCode {
  if (json) {
    ctx.logger.json({ itemId: id, out, sites: written });
    return EXIT.ok;
  }
  for (const site of written) {
    const label = SITE_LABELS[site.site];
    if (site.unavailable) ctx.logger.info(`${label}: skipped. ${site.unavailable}`);
    else
      ctx.logger.info(
        `${label}: ${site.textFile}${site.photosFile ? ` and ${site.photosFile}` : ''}; post at ${site.postingUrl}`,
      );
  }
  return EXIT.ok;
}
