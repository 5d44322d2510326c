/** Serves local blobs at /blobs/{path}: exact content type, long-lived caching (names never repeat), open to any origin. */
import type { RequestHandler } from 'express';
import { MESSAGES } from '@flipstage/core';
import { UnsafeBlobPath, type Blobs, type StoredBlob } from '../ports/blobs.js';
import { logs, type Logger } from '../logs.js';
import { sendText } from './plainText.js';

export function serveBlobs(blobs: Blobs, logger: Logger): RequestHandler {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 404, MESSAGES.notFound);
    let path: string;
    try {
      path = decodeURIComponent(req.path.replace(/^\/+/, ''));
    } catch {
      return sendText(res, 400, MESSAGES.invalidAddress);
    }
    let blob: StoredBlob | null;
    try {
      blob = await blobs.get(path);
    } catch (error) {
      if (error instanceof UnsafeBlobPath) return sendText(res, 404, MESSAGES.notFound);
      logs.requestFailed(logger, error);
      return sendText(res, 500, MESSAGES.internalError);
    }
    if (!blob) return sendText(res, 404, MESSAGES.notFound);
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
