import { mkdtemp, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configDir, readConfig, writeConfig } from '../src/config.js';

describe('configDir', () => {
  it('prefers FLIPSTAGE_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(configDir({ FLIPSTAGE_CONFIG_DIR: '/tmp/fs', XDG_CONFIG_HOME: '/xdg' })).toBe('/tmp/fs');
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/flipstage');
    expect(configDir({})).toBe(join(homedir(), '.config', 'flipstage'));
  });
});

describe('config file', () => {
  let base: string;
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('keeps the refresh token readable by its owner only (file 0600, folder 0700)', async () => {
    base = await mkdtemp(join(tmpdir(), 'flipstage-config-'));
    const env = { FLIPSTAGE_CONFIG_DIR: join(base, 'flipstage') };
    await writeConfig(env, { email: 'a@b.c', refreshToken: 'secret' });
    expect((await stat(join(base, 'flipstage'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(base, 'flipstage', 'config.json'))).mode & 0o777).toBe(0o600);
    expect(await readConfig(env)).toEqual({ email: 'a@b.c', refreshToken: 'secret' });
  });

  it('reads as empty before the first login', async () => {
    base = await mkdtemp(join(tmpdir(), 'flipstage-config-'));
    expect(await readConfig({ FLIPSTAGE_CONFIG_DIR: base })).toEqual({});
  });
});
