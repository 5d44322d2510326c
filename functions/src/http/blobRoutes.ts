/**
 * Serves blobs this backend keeps itself (the local host at /blobs, the api function at
 * /api/blobs when the Emulator Suite has no Storage emulator): exact content type, open to any
 * origin. A public path's URL never changes, so it is cached as immutable; a private one is served
 * only with its unexpired signature and is cached privately, no longer than a signed URL lives.
 */
import type { RequestHandler } from 'express';
import { MESSAGES } from '@flipstage/core';
import { isPublicBlobPath, type BlobRead, type ServedBlobs } from '../ports/blobs.js';
import { IMAGE_EDIT_URL_TTL_MS } from '../services/imageEdits.js';
import { logs, type Logger } from '../logs.js';
import { sendText } from './plainText.js';

/** `withheld` says which public paths are served only with a signature (services/listingPhotos.ts). */
export function serveBlobs(
  blobs: ServedBlobs,
  logger: Logger,
  withheld: (path: string) => Promise<boolean>,
): RequestHandler {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 404, MESSAGES.notFound);
    let path: string;
    try {
      path = decodeURIComponent(req.path.replace(/^\/+/, ''));
    } catch {
      return sendText(res, 400, MESSAGES.invalidAddress);
    }
    let read: BlobRead;
    let isWithheld = false;
    try {
      isWithheld = await withheld(path);
      read = await blobs.read(path, new URL(req.originalUrl, 'http://blob.invalid').searchParams, isWithheld);
    } catch (error) {
      logs.requestFailed(logger, error);
      return sendText(res, 500, MESSAGES.internalError);
    }
    if (read.kind === 'missing') return sendText(res, 404, MESSAGES.notFound);
    if (read.kind === 'refused') return sendText(res, 403, MESSAGES.blobLinkRefused);
    const { data, contentType } = read.blob;
    res.setHeader('Content-Type', contentType);
    res.setHeader(
      'Cache-Control',
      isPublicBlobPath(path) && !isWithheld
        ? 'public, max-age=31536000, immutable'
        : `private, max-age=${IMAGE_EDIT_URL_TTL_MS / 1000}`,
    );
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Length', String(data.byteLength));
    res.status(200).end(req.method === 'HEAD' ? undefined : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  };
}
