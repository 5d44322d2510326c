import { describe, expect, it } from 'vitest';
import {
  LOCAL_AUTH_SETTINGS,
  authErrorCode,
  normalizeEmulatorUrl,
  resolveAuthSettings,
  signInErrorMessage,
} from '../../src/auth/firebaseAuth.js';

describe('resolveAuthSettings', () => {
  it('uses the local Auth emulator and the demo project when nothing is configured', () => {
    expect(resolveAuthSettings({}, {}, {})).toEqual(LOCAL_AUTH_SETTINGS);
  });

  it("uses Google's hosts when a web API key is given without an emulator", () => {
    expect(resolveAuthSettings({ apiKey: 'AIza-real', project: 'flipstage-prod' }, {}, {})).toEqual({
      apiKey: 'AIza-real',
      projectId: 'flipstage-prod',
      authEmulatorUrl: null,
    });
  });

  it('reads the key and project from the environment', () => {
    const env = { FLIPSTAGE_FIREBASE_API_KEY: 'AIza-env', FLIPSTAGE_FIREBASE_PROJECT: 'env-project' };
    expect(resolveAuthSettings({}, env, {})).toEqual({
      apiKey: 'AIza-env',
      projectId: 'env-project',
      authEmulatorUrl: null,
    });
  });

  it('lets flags win over the environment and the environment over the config', () => {
    const config = { apiKey: 'AIza-config', projectId: 'config-project', authEmulatorUrl: null };
    expect(resolveAuthSettings({}, {}, config).apiKey).toBe('AIza-config');
    expect(resolveAuthSettings({}, { FLIPSTAGE_FIREBASE_API_KEY: 'AIza-env' }, config).apiKey).toBe('AIza-env');
    expect(
      resolveAuthSettings({ apiKey: 'AIza-flag' }, { FLIPSTAGE_FIREBASE_API_KEY: 'AIza-env' }, config).apiKey,
    ).toBe('AIza-flag');
  });

  it('keeps the saved emulator for later commands', () => {
    const config = { apiKey: 'demo-key', projectId: 'demo-flipstage', authEmulatorUrl: 'http://127.0.0.1:9199' };
    expect(resolveAuthSettings({}, {}, config).authEmulatorUrl).toBe('http://127.0.0.1:9199');
  });

  it('honours FIREBASE_AUTH_EMULATOR_HOST', () => {
    expect(resolveAuthSettings({}, { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9098' }, {}).authEmulatorUrl).toBe(
      'http://127.0.0.1:9098',
    );
  });
});

describe('normalizeEmulatorUrl', () => {
  it('accepts host:port and full URLs', () => {
    expect(normalizeEmulatorUrl('127.0.0.1:9099')).toBe('http://127.0.0.1:9099');
    expect(normalizeEmulatorUrl('http://127.0.0.1:9099/')).toBe('http://127.0.0.1:9099');
  });

  it('rejects an address that is not one', () => {
    expect(() => normalizeEmulatorUrl('http://')).toThrow(/not valid/);
  });
});

describe('sign-in errors', () => {
  it('reads the Firebase error code, without its detail', () => {
    expect(authErrorCode('{"error":{"code":400,"message":"TOO_MANY_ATTEMPTS_TRY_LATER : Access disabled"}}')).toBe(
      'TOO_MANY_ATTEMPTS_TRY_LATER',
    );
    expect(authErrorCode('<html>')).toBe('UNKNOWN');
  });

  it('says "wrong email or password" for every credential error, without telling which', () => {
    for (const code of ['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS']) {
      expect(signInErrorMessage(code)).toBe('Wrong email or password.');
    }
  });
});
