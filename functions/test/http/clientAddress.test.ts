/** Which address fair use counts a request under (http/clientAddress.ts). */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { clientAddressKey, trustProxy } from '../../src/http/clientAddress.js';
import type { AppConfig } from '../../src/config.js';

function echoKey(mode: AppConfig['clientAddress']) {
  const app = express();
  app.set('trust proxy', trustProxy(mode));
  app.get('/', (req, res) => {
    res.send(clientAddressKey(req));
  });
  return app;
}

describe('the client address', () => {
  it("is X-Forwarded-For's first entry behind Google's front end", async () => {
    const response = await request(echoKey('forwarded')).get('/').set('x-forwarded-for', '203.0.113.7, 35.191.0.1');
    expect(response.text).toBe('203.0.113.7');
  });

  it('is the socket peer where clients connect directly, whatever they put in X-Forwarded-For', async () => {
    const response = await request(echoKey('socket')).get('/').set('x-forwarded-for', '203.0.113.7');
    expect(response.text).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('believes X-Forwarded-For only from a peer on an internal address', () => {
    const trust = trustProxy('forwarded');
    if (!trust) throw new Error('expected a trust function');
    expect(trust('169.254.8.129', 0)).toBe(true);
    expect(trust('::ffff:169.254.8.129', 0)).toBe(true);
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('2001:db8::1', 0)).toBe(false);
  });

  it('is the /64 of an IPv6 address', async () => {
    const response = await request(echoKey('forwarded')).get('/').set('x-forwarded-for', '2001:db8:0:42:1:2:3:4');
    expect(response.text).toBe('2001:db8:0:42::/64');
  });
});
