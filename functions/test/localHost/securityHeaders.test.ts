import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, PAGE_SOURCES_FILE, pageSourcesFromSettings } from '@flipstage/core';
import { localSecurityHeaders } from '../../src/localHost/securityHeaders.js';

const API_ORIGIN = 'http://127.0.0.1:5050';
const webDir = mkdtempSync(join(tmpdir(), 'flipstage-security-headers-'));
writeFileSync(
  join(webDir, PAGE_SOURCES_FILE),
  JSON.stringify(pageSourcesFromSettings({ VITE_BACKEND: 'local', VITE_CRISP_WEBSITE_ID: 'crisp-test' })),
);

afterAll(() => rmSync(webDir, { recursive: true, force: true }));

/** The headers the local host sets on an answer to `path` before its routes write it. */
function headersFor(path: string, build: { webDir: string | undefined } = { webDir }): Record<string, unknown> {
  const req = new IncomingMessage(new Socket());
  req.url = path;
  const res = new ServerResponse(req);
  localSecurityHeaders({ ...build, apiOrigin: API_ORIGIN })(req, res);
  return res.getHeaders();
}

const directive = (policy: unknown, name: string) =>
  String(policy)
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('the local host’s security headers', () => {
  it('let the pages load what the build it serves says it loads (here the chat widget)', () => {
    expect(directive(headersFor('/pricing')['content-security-policy'], 'script-src')).toContain(
      'https://client.crisp.chat',
    );
  });

  it('let the app, opened on its own port, show and download images from the API’s origin', () => {
    const policy = headersFor('/marketplace/item-1')['content-security-policy'];
    expect(directive(policy, 'img-src')).toContain(API_ORIGIN);
    expect(directive(policy, 'connect-src')).toContain(API_ORIGIN);
  });

  it('refuse framing and sniffing on the API too, and send no HSTS over http', () => {
    const headers = headersFor('/api/marketplace-get-items');
    expect(directive(headers['content-security-policy'], 'frame-ancestors')).toEqual(["'none'"]);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('give the simulated checkout’s pages, which stand for Stripe’s, only the refusal to be framed', () => {
    expect(headersFor('/dev/checkout/cs_1')['content-security-policy']).toBe("frame-ancestors 'none'");
  });

  it('without a build (Vite’s dev server serves the app), use local mode’s', () => {
    const localMode = { ...pageSourcesFromSettings({}), origins: [API_ORIGIN] };
    expect(headersFor('/pricing', { webDir: undefined })['content-security-policy']).toBe(
      contentSecurityPolicy(localMode),
    );
  });

  it('refuse to start on a build that does not say what it loads', () => {
    const bare = mkdtempSync(join(tmpdir(), 'flipstage-bare-build-'));
    try {
      expect(() => localSecurityHeaders({ webDir: bare, apiOrigin: API_ORIGIN })).toThrow(/build it again/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
