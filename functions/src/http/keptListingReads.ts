/**
 * The marketplace's kept reads answered before Express (issue 26). Express 5 costs a few tenths of
 * a millisecond of CPU for any request, five to ten times what Node's own HTTP server costs, and a
 * crowd of signed-out shoppers asking the same pages is most of the marketplace's traffic. So once
 * the routes have sent a signed-out read, the same address is answered here, from the same bytes
 * and ETag, until what it shows is written (`current` in services/listingReads.ts). Everything
 * else, a signed-in read (whose token Express's path verifies) or an address not answered yet,
 * goes to Express.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '../ports/store.js';
import { keptMap } from '../services/keptMap.js';
import { current, type ListingRead } from '../services/listingReads.js';
import { logs, type Logger } from '../logs.js';
import { requestIdFor } from './requestContext.js';

export interface KeptListingReads {
  /** Answers a request for a read it keeps and returns true; false leaves the request to Express. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** What the marketplace routes sent for this address (req.originalUrl), to answer next time. */
  remember(address: string, viewer: string | null, read: ListingRead): void;
}

/** Express's req.fresh for an ETag alone: a matching If-None-Match, unless the request says no-cache. */
export function unchanged(req: IncomingMessage, etag: string): boolean {
  const match = req.headers['if-none-match'];
  if (!match) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '')) return false;
  if (match.trim() === '*') return true;
  return match.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || `W/${t}` === etag || t === `W/${etag}`;
  });
}

export function keptListingReads(deps: { store: Store; logger: Logger }): KeptListingReads {
  // By address; the least recently asked go first.
  const kept = keptMap<ListingRead>();

  function found(req: IncomingMessage): ListingRead | null {
    // Only a plain signed-out GET: a body, a token or another method is Express's to judge.
    if (req.method !== 'GET' || req.url === undefined) return null;
    const headers = req.headers;
    if (headers.authorization !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined)
      return null;
    const read = kept.get(req.url);
    if (!read) return null;
    if (current(deps.store, read)) return read;
    // What it shows was written: Express asks again, and the routes bring the new read.
    kept.delete(req.url);
    return null;
  }

  return {
    answer(req, res) {
      const read = found(req);
      if (!read) return false;
      const started = performance.now();
      const incoming = req.headers['x-request-id'];
      const requestId = requestIdFor(typeof incoming === 'string' ? incoming : undefined);
      // The headers the routes' sendRead sends (marketplaceRoutes.ts), and Express's 304 without a body.
      const headers = { 'X-Request-Id': requestId, ETag: read.etag, 'Cache-Control': 'private, no-cache' };
      if (unchanged(req, read.etag)) {
        res.writeHead(304, headers).end();
      } else {
        res
          .writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': read.body.length })
          .end(read.body);
      }
      const url = req.url!;
      const query = url.indexOf('?');
      logs.requestCompleted(deps.logger.child({ requestId }), {
        method: 'GET',
        path: query < 0 ? url : url.slice(0, query),
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      });
      return true;
    },
    remember(address, viewer, read) {
      if (viewer !== null || !current(deps.store, read)) return;
      kept.set(address, read);
    },
  };
}
