/**
 * The end-to-end run uses its own ports so it never collides with `npm start` (5050/5173);
 * the Auth emulator on 9099 is shared (reused when one already answers).
 */
export const E2E_LOCAL_HOST_PORT = Number(process.env.E2E_LOCAL_HOST_PORT ?? 5181);
export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 5180);
export const E2E_LOCAL_HOST_URL = `http://127.0.0.1:${E2E_LOCAL_HOST_PORT}`;
export const E2E_WEB_URL = `http://127.0.0.1:${E2E_WEB_PORT}`;
export const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-flipstage';
