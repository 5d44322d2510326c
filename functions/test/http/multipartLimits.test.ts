/** parseMultipart's answer to a file over its limit: the route's own message, else the generic one. */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { errorHandler } from '../../src/http/errors.js';
import { parseMultipart, type MultipartLimits } from '../../src/http/multipart.js';

function appWith(limits: MultipartLimits) {
  const app = express();
  app.post('/upload', async (req, res) => {
    const body = await parseMultipart(req, limits);
    res.json({ files: body.files.size });
  });
  app.use(errorHandler);
  return app;
}

const upload = (app: express.Express, bytes: number) =>
  request(app)
    .post('/upload')
    .attach('imageFile', Buffer.alloc(bytes, 1), { filename: 'photo.jpg', contentType: 'image/jpeg' });

describe('a file over the multipart limit', () => {
  it('is refused with 413 and the message the route gives, naming what is too large', async () => {
    const app = appWith({
      fileFields: ['imageFile'],
      maxFiles: 1,
      maxFileBytes: 1024,
      fileTooLargeMessage: MESSAGES.photoTooLarge(25),
    });
    const response = await upload(app, 2048);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { message: MESSAGES.photoTooLarge(25) } });
  });

  it('is refused with the generic message when the route gives none', async () => {
    const response = await upload(appWith({ fileFields: ['imageFile'], maxFiles: 1, maxFileBytes: 1024 }), 2048);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { message: MESSAGES.fileTooLarge } });
  });

  it('is taken when it fits', async () => {
    const response = await upload(appWith({ fileFields: ['imageFile'], maxFiles: 1, maxFileBytes: 1024 }), 512);
    expect(response.body).toEqual({ files: 1 });
  });
});
