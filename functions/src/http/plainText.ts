/** Refusals outside the JSON API (the local host's pages, served blobs): plain text, so no stack trace or folder path can show. */
import type { Response } from 'express';

export function sendText(res: Response, status: number, text: string): void {
  res.status(status).type('text/plain').setHeader('Cache-Control', 'no-store').send(text);
}
