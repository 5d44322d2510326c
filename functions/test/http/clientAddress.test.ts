/**
 * Which address fair use counts a request under (http/clientAddress.ts), with X-Forwarded-For as
 * the front ends leave it: whatever the client sent, then each hop's appended address. The app's
 * own route answers it, as a deploy is checked (docs/firebase.md).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { trustProxy } from '../../src/http/clientAddress.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let forwarded: TestApp;
let socket: TestApp;
beforeAll(async () => {
  forwarded = await createTestApp({ config: { clientAddress: 'forwarded' } });
  socket = await createTestApp({ config: { clientAddress: 'socket' } });
});
afterAll(async () => {
  await forwarded.close();
  await socket.close();
});

const addressFor = (t: TestApp, forwardedFor: string) =>
  request(t.app).get('/api/client-address').set('x-forwarded-for', forwardedFor);

describe('the client address', () => {
  it('is the address that reached the function, not one the client wrote before it', async () => {
    // Called at the function's own URL: Google's front end appends the address that connected.
    const response = await addressFor(forwarded, '6.6.6.6, 203.0.113.7');
    expect(response.body).toEqual({ address: '203.0.113.7' });
  });

  it("is the address Hosting's CDN appended when the request came through it", async () => {
    const response = await addressFor(forwarded, '6.6.6.6, 203.0.113.7, 151.101.2.3');
    expect(response.body).toEqual({ address: '203.0.113.7' });
  });

  it("is the address Google's front end appended behind its own proxy hop", async () => {
    const response = await addressFor(forwarded, '203.0.113.7, 35.191.0.1');
    expect(response.body).toEqual({ address: '203.0.113.7' });
  });

  it('is not moved left by a client that writes a CDN address itself', async () => {
    const response = await addressFor(forwarded, '6.6.6.6, 151.101.9.9, 198.51.100.4');
    expect(response.body).toEqual({ address: '198.51.100.4' });
  });

  it('is refused with 400 when it is not an IP address', async () => {
    const response = await addressFor(forwarded, 'unknown');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.unreadableClientAddress } });
  });

  it('is the socket peer where clients connect directly, whatever they put in X-Forwarded-For', async () => {
    const response = await addressFor(socket, '203.0.113.7');
    expect((response.body as { address: string }).address).toMatch(/^(127\.0\.0\.1|::1)$/);
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
    const response = await addressFor(forwarded, '2001:db8:0:42:1:2:3:4');
    expect(response.body).toEqual({ address: '2001:db8:0:42::/64' });
  });
});
