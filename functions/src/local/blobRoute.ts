/** Serves local blobs at /blobs/{path}: exact content type, long-lived caching (names never repeat), open to any origin. */
import type { RequestHandler } from 'express';
import { UnsafeBlobPath, type Blobs } from '../ports.js';

export function serveBlobs(blobs: Blobs): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path.replace(/^\/+/, ''));
    } catch {
      res.sendStatus(404);
      return;
    }
    let blob;
    try {
      blob = await blobs.get(path);
    } catch (error) {
      if (error instanceof UnsafeBlobPath) {
        res.sendStatus(404);
        return;
      }
      throw error;
    }
    if (!blob) {
      res.sendStatus(404);
      return;
    }
    res.setHeader('Content-Type', blob.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Length', String(blob.data.byteLength));
    res
      .status(200)
      .end(
        req.method === 'HEAD' ? undefined : Buffer.from(blob.data.buffer, blob.data.byteOffset, blob.data.byteLength),
      );
  };
}
