import { LOCAL_PROJECT_ID } from '@flipstage/core';

/**
 * The end-to-end run serves the SPA and its own local host on free ports that globalSetup picks and
 * publishes through these variables (workers inherit them), so runs never collide with `npm start`
 * or with each other. The Auth emulator on 9099 is shared (reused when one already answers).
 */
export const WEB_PORT_VAR = 'E2E_WEB_PORT';
export const LOCAL_HOST_PORT_VAR = 'E2E_LOCAL_HOST_PORT';

export function e2eWebUrl(): string {
  return `http://127.0.0.1:${process.env[WEB_PORT_VAR] ?? 5180}`;
}

export function e2eLocalHostPort(): number {
  return Number(process.env[LOCAL_HOST_PORT_VAR] ?? 5181);
}

export const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
export const PROJECT_ID = LOCAL_PROJECT_ID;
