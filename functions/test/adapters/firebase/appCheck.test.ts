import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAppCheck, type AppCheck } from 'firebase-admin/app-check';
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

  it('asks App Check to use a limited-use token up, and refuses one it says was used before', async () => {
    const asked: unknown[] = [];
    const verifier = createFirebaseAppCheck({
      verifyToken: (_token: string, options?: unknown) => {
        asked.push(options);
        return Promise.resolve({ appId: 'app', token: {}, alreadyConsumed: true });
      },
    } as unknown as AppCheck);
    await expect(verifier.verifyToken('limited', { consume: true })).rejects.toBeInstanceOf(InvalidAppCheckToken);
    expect(asked).toEqual([{ consume: true }]);
  });
});

describe('the debug App Check verifier', () => {
  it('accepts its registered tokens and refuses any other', async () => {
    const verifier = createDebugAppCheck(['registered']);
    await expect(verifier.verifyToken('registered')).resolves.toBeUndefined();
    await expect(verifier.verifyToken('other')).rejects.toBeInstanceOf(InvalidAppCheckToken);
  });

  it('accepts a limited-use token of a registered source once when it is used up', async () => {
    const verifier = createDebugAppCheck(['registered']);
    await expect(verifier.verifyToken('registered:one', { consume: true })).resolves.toBeUndefined();
    await expect(verifier.verifyToken('registered:one', { consume: true })).rejects.toBeInstanceOf(
      InvalidAppCheckToken,
    );
    await expect(verifier.verifyToken('registered:two', { consume: true })).resolves.toBeUndefined();
  });
});
