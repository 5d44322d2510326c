/**
 * A listing's page as the server answers it (issue 25: links that preview): the SPA's shell with
 * the listing's title, description, canonical URL, Open Graph and Twitter tags and Product JSON-LD
 * in its head, so a crawler that runs no script sees the listing. A listing that does not exist,
 * or is hidden pending review, is the shell with a noindex head, answered 404: the app then shows
 * its not-found page.
 */
import { injectPageHead, itemIdSchema, listingHeadTags, missingListingHeadTags } from '@flipstage/core';
import type { PageShell } from '../ports/pageShell.js';
import type { Store } from '../ports/store.js';
import { toItem } from './marketplace.js';

export interface ListingPageDeps {
  store: Pick<Store, 'getItem'>;
  shell: PageShell;
  /** The site's public origin, which canonical and og:url name (AppConfig.siteOrigins' first). */
  siteUrl: string;
}

export interface ListingHead {
  found: boolean;
  /** Escaped HTML: the tags for the head, each marked data-static-meta. */
  head: string;
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

export async function listingHead(deps: Omit<ListingPageDeps, 'shell'>, id: string): Promise<ListingHead> {
  const doc = itemIdSchema.safeParse(id).success ? await deps.store.getItem(id) : null;
  if (!doc || doc.hidden) return { found: false, head: missingListingHeadTags() };
  const item = { ...toItem(doc), sellerName: doc.sellerName, sellerSince: doc.sellerSince };
  return { found: true, head: listingHeadTags(item, deps.siteUrl) };
}

export async function renderListingPage(deps: ListingPageDeps, id: string): Promise<RenderedPage> {
  const [head, shell] = await Promise.all([listingHead(deps, id), deps.shell.read()]);
  return { status: head.found ? 200 : 404, html: injectPageHead(shell, head.head) };
}
