/**
 * GET /marketplace/{id}: a listing's page, server-rendered for link previews and crawlers, then the
 * SPA (services/listingPage.ts). Firebase Hosting rewrites /marketplace/* to the light function;
 * the local host serves it itself and answers the head alone at LISTING_HEAD_PATH for Vite.
 */
import { Router } from 'express';
import { LISTING_HEAD_PATH } from '@flipstage/core';
import { listingHead, renderListingPage, type ListingPageDeps } from '../services/listingPage.js';

/**
 * Browsers and Hosting's CDN keep a page a minute: the CDN cannot be purged per page, so a sale, an
 * edit or a listing hidden for review leaves the copies within a minute.
 */
export const LISTING_PAGE_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

/** A missing listing may exist a moment later (a link shared as it is posted), so nothing keeps the 404. */
const MISSING_CACHE_CONTROL = 'no-cache';

export function listingPageRoutes(deps: ListingPageDeps): Router {
  const router = Router();

  router.get('/marketplace/:id', async (req, res) => {
    const page = await renderListingPage(deps, req.params.id);
    res
      .status(page.status)
      .set('Cache-Control', page.status === 200 ? LISTING_PAGE_CACHE_CONTROL : MISSING_CACHE_CONTROL)
      .type('html')
      .send(page.html);
  });

  router.get(`${LISTING_HEAD_PATH}/:id`, async (req, res) => {
    const head = await listingHead(deps, req.params.id);
    res
      .status(head.found ? 200 : 404)
      .set('Cache-Control', 'no-store')
      .json(head);
  });

  return router;
}
