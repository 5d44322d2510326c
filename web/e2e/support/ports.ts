/// <reference types="node" />
/**
 * The end-to-end run has its own Auth emulator, local host and web server, on ports the OS says are
 * free, so it never collides with `npm start` (9099, 5050, 5173) or with another run, and never
 * signs up accounts in a developer's emulator. The runner, loading playwright.config.ts, picks them
 * first and publishes them in the environment, which the workers inherit.
 */
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { freePort } from '../../../scripts/lib/freePort.mjs';

const PORT_VARS = ['E2E_AUTH_PORT', 'E2E_LOCAL_HOST_PORT', 'E2E_WEB_PORT'] as const;
for (const name of PORT_VARS) process.env[name] ??= String(await freePort());
const [authPort, localHostPort, webPort] = PORT_VARS.map((name) => process.env[name]);

export const AUTH_EMULATOR_PORT = Number(authPort);
export const AUTH_EMULATOR_URL = `http://127.0.0.1:${authPort}`;
export const LOCAL_HOST_PORT = Number(localHostPort);
export const LOCAL_HOST_URL = `http://127.0.0.1:${localHostPort}`;
export const WEB_PORT = Number(webPort);
export const WEB_URL = `http://127.0.0.1:${webPort}`;
export const PROJECT_ID = LOCAL_PROJECT_ID;
