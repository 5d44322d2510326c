/**
 * The ports the test runs and benches give their servers (scripts/lib/freePort.mjs): free, and
 * below the OS's ephemeral range, where no outgoing connection can take one before it is listened on.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/lib/freePort.mjs';

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('freePort', () => {
  it('names a port below the ephemeral range that can then be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThan(32768);
    const server = await listen(port);
    await new Promise((done) => server.close(done));
  });

  it('passes over a port something is listening on', async () => {
    const taken = await listen(await freePort());
    const takenPort = (taken.address() as AddressInfo).port;
    const next = takenPort < 32767 ? takenPort + 1 : takenPort - 1;
    // The random draw lands on the taken port first, then on its neighbour.
    const draw = (port: number) => (port - 20000 + 0.5) / (32768 - 20000);
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(draw(takenPort)).mockReturnValueOnce(draw(next));
    try {
      expect(await freePort()).toBe(next);
    } finally {
      random.mockRestore();
      await new Promise((done) => taken.close(done));
    }
  });
});
