import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { describe, expect, it } from 'vitest';
import { createFirebaseAppCheck } from '../../../src/adapters/firebase/appCheck.js';
import { createDebugAppCheck } from '../../../src/adapters/local/debugAppCheck.js';
import { InvalidAppCheckToken } from '../../../src/ports/appCheck.js';

describe('the App Check port on the Admin SDK', () => {
  it('refuses a token that is not an App Check token as invalid', async () => {
    const app = initializeApp({ projectId: 'demo-app-check' }, `app-check-${randomUUID()}`);
    const verifier = createFirebaseAppCheck(getAppCheck(app));
    await expect(verifier.verifyToken('not-a-jwt')).rejects.toBeInstanceOf(InvalidAppCheckToken);
  });
});

describe('the debug App Check verifier', () => {
  it('accepts its registered tokens and refuses any other', async () => {
    const verifier = createDebugAppCheck(['registered']);
    await expect(verifier.verifyToken('registered')).resolves.toBeUndefined();
    await expect(verifier.verifyToken('other')).rejects.toBeInstanceOf(InvalidAppCheckToken);
  });
});
