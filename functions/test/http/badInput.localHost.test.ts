/**
 * The bad-input catalogue (issue 12): /blobs and /dev are asked of a real local host, whose
 * refusals are plain text without traces.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { createFakeStager } from '../helpers/fakeStager.js';
import { jpegBytes } from '../helpers/images.js';
import type { LocalHost } from '../../src/localHost/server.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';
import { blobSigningKey, createFileBlobs } from '../../src/adapters/local/fileBlobs.js';

describe('bad addresses on the local host', () => {
  let host: LocalHost;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'flipstage-bad-input-'));
    host = await startTestLocalHost(dataDir, { stager: await createFakeStager() });
    const rootDir = join(dataDir, 'blobs');
    const blobs = createFileBlobs({ rootDir, baseUrl: host.url, signingKey: blobSigningKey(rootDir) });
    await blobs.put('items/abc/photo.jpg', await jpegBytes(20, 20), 'image/jpeg');
  });
  afterAll(async () => {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const HOST_CASES: Array<{ path: string; method?: string; status: number; message: string }> = [
    { path: '/blobs/items', status: 403, message: MESSAGES.blobLinkRefused },
    { path: '/blobs/items/abc', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/abc/', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/abc/photo.jpg/inside', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/abc/photo.jpg%00', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/%2e%2e%2f%2e%2e%2fwebhook-secret', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/%E0%A4%A', status: 400, message: MESSAGES.invalidAddress },
    { path: '/blobs/items/abc/photo.jpg', method: 'DELETE', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/image-edits/u1/e1/staged.jpg', status: 403, message: MESSAGES.blobLinkRefused },
    {
      path: '/blobs/image-edits/u1/e1/staged.jpg?expires=99999999999&signature=forged',
      status: 403,
      message: MESSAGES.blobLinkRefused,
    },
    { path: '/dev/checkout/%00', status: 404, message: MESSAGES.notFound },
    { path: "/dev/checkout/cs_sim_1'%20OR%201=1", status: 404, message: MESSAGES.notFound },
    { path: '/dev/checkout/%E0%A4%A', status: 400, message: MESSAGES.invalidAddress },
    { path: '/dev/checkout/%00/confirm', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/checkout/%00/cancel', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%00', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%00/cancel', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%00/switch', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%E0%A4%A/switch', method: 'POST', status: 400, message: MESSAGES.invalidAddress },
    { path: '/dev/nothing/here', status: 404, message: MESSAGES.notFound },
  ];

  it.each(HOST_CASES)('$method $path → $status as plain text', async ({ path, method = 'GET', status, message }) => {
    const response = await fetch(`${host.url}${path}`, { method });
    const text = await response.text();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toBe(message);
    expect(text).not.toContain(dataDir);
  });

  it('still serves a stored file', async () => {
    const response = await fetch(`${host.url}/blobs/items/abc/photo.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });
});
