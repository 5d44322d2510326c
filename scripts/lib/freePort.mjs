import { createServer } from 'node:net';

// The OS hands out ports for listen(0) and for every outgoing connection from its ephemeral range
// (Linux 32768-60999, macOS and Windows 49152-65535). A port it named free there can be taken by
// any process's next connection before the server meant for it listens: the journeys' local host,
// which listens only once the web app is built, lost its port that way to the Firebase tier running
// beside it (EADDRINUSE). Below that range nothing takes a port unless it asks for it by number.
const LOWEST = 20000;
const HIGHEST = 32767;
const TRIES = 50;

/**
 * Whether 127.0.0.1:port can be listened on right now.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function listenable(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** @returns {Promise<number>} */
function ephemeralPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that is free right now, chosen at random below the OS's ephemeral range,
 * so parallel runs never collide and no connection takes it before it is listened on. Should that
 * range be full, the OS's own choice.
 * @returns {Promise<number>}
 */
export async function freePort() {
  for (let i = 0; i < TRIES; i++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await listenable(port)) return port;
  }
  return ephemeralPort();
}
