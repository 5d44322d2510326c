/**
 * The web app's deploy build (`npm run build:deploy -w web`, firebase.json's Hosting predeploy,
 * web/vite.deploy.config.ts), run for real into temporary folders. Missing or local settings stop
 * it before anything is built, every problem named at once; a complete Firebase config builds a
 * site that carries nothing of local mode or the emulators, even when their settings are around.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, LOCAL_PROJECT_ID, PAGE_SOURCES_FILE } from '@flipstage/core';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const webDir = join(root, 'web');
const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const outRoot = join(root, '.local', `web-deploy-build-test-${randomUUID().slice(0, 8)}`);
// A mode no env file is named for, so a developer's web/.env.production cannot fill in what a test leaves out.
const MODE = 'deploy-build-test';

const FIREBASE_CONFIG = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'AIzaDeployTestKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'flipstage-deploy-test.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'flipstage-deploy-test',
  VITE_FIREBASE_STORAGE_BUCKET: 'flipstage-deploy-test.firebasestorage.app',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '908070605040',
  VITE_FIREBASE_APP_ID: '1:908070605040:web:0a1b2c3d4e5f',
  VITE_STRIPE_PRICE_BASE: 'price_deploytest_base',
  VITE_STRIPE_PRICE_FLIPPER: 'price_deploytest_flipper',
  VITE_STRIPE_PRICE_PREMIUM: 'price_deploytest_premium',
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LdDeployTestSiteKey',
};
const REQUIRED = Object.keys(FIREBASE_CONFIG).filter((name) => name !== 'VITE_BACKEND');

function deployBuild(
  env: Record<string, string>,
  outDir = join(outRoot, randomUUID().slice(0, 8)),
): SpawnSyncReturns<string> {
  // Only what the test gives: no VITE_ setting of the shell, and no NODE_ENV=test, which would make a development build.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'NODE_ENV'),
  );
  const args = ['build', '--config', 'vite.deploy.config.ts', '--mode', MODE, '--outDir', outDir, '--emptyOutDir'];
  return spawnSync(process.execPath, [viteBin, ...args, '--manifest', '--logLevel', 'warn'], {
    cwd: webDir,
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
}

afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

describe('a deploy build with settings missing or wrong', () => {
  it('refuses before building, naming every missing VITE_ variable at once', () => {
    const outDir = join(outRoot, 'nothing-set');
    const build = deployBuild({}, outDir);
    expect(build.status).not.toBe(0);
    for (const name of REQUIRED) expect(build.stderr).toContain(name);
    expect(build.stderr).toContain('VITE_BACKEND must be firebase (it is unset)');
    expect(existsSync(outDir)).toBe(false);
  });

  it('refuses local mode', () => {
    const build = deployBuild({ ...FIREBASE_CONFIG, VITE_BACKEND: 'local' });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toContain('VITE_BACKEND must be firebase (it is "local")');
  });

  it('refuses a build for the Emulator Suite', () => {
    const build = deployBuild({ ...FIREBASE_CONFIG, VITE_FIREBASE_EMULATORS: 'true' });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toContain('VITE_FIREBASE_EMULATORS=true builds for the Emulator Suite');
  });

  it('refuses a site URL on this machine, which share links would carry', () => {
    const build = deployBuild({ ...FIREBASE_CONFIG, VITE_SITE_URL: 'http://127.0.0.1:5173' });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toContain("VITE_SITE_URL must be the site's public URL");
  });

  it('asks for no reCAPTCHA site key when App Check is switched off', () => {
    const { VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: _siteKey, VITE_FIREBASE_APP_ID: _appId, ...rest } = FIREBASE_CONFIG;
    const build = deployBuild({ ...rest, VITE_APP_CHECK: 'off' });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toContain('VITE_FIREBASE_APP_ID');
    expect(build.stderr).not.toContain('VITE_RECAPTCHA_ENTERPRISE_SITE_KEY');
  });
});

describe('a deploy build with a complete Firebase config', () => {
  const outDir = join(outRoot, 'complete');
  const SITE_URL = 'https://flipstage-deploy-test.web.app';
  // Emulator settings left in the shell must not reach the site: the code that would read them is compiled out.
  const strayEmulatorSettings = {
    VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:19099',
    VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:18080',
    VITE_APP_CHECK_DEBUG_TOKEN: 'stray-app-check-debug-token',
  };
  const site = new Map<string, string>();

  beforeAll(() => {
    const build = deployBuild({ ...FIREBASE_CONFIG, ...strayEmulatorSettings, VITE_SITE_URL: SITE_URL }, outDir);
    if (build.status !== 0) throw new Error(`deploy build failed:\n${build.stdout}${build.stderr}`);
    for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(js|html|css)$/.test(entry.name)) {
        const path = join(entry.parentPath, entry.name);
        site.set(path.slice(outDir.length + 1), readFileSync(path, 'utf8'));
      }
    }
  }, 180_000);

  it('builds the configured Firebase project, its API key and App Check site key into the site', () => {
    const text = [...site.values()].join('\n');
    for (const name of [
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY',
    ] as const) {
      expect(text).toContain(FIREBASE_CONFIG[name]);
    }
  });

  it.each([
    ['the emulators’ API key', 'demo-api-key'],
    ['the local project id', LOCAL_PROJECT_ID],
    ['local mode’s price ids', LOCAL_PRICE_IDS.base],
    ['an emulator host', '127.0.0.1'],
    ['the Auth emulator’s port', ':9099'],
    ['the Firestore emulator’s port', ':8080'],
    ['an App Check debug token', strayEmulatorSettings.VITE_APP_CHECK_DEBUG_TOKEN],
    ['the local account driver', 'ocalAccountDriver'],
  ])('carries no trace of %s (%s)', (_what, text) => {
    const holders = [...site]
      .filter(([path, content]) => path.includes(text) || content.includes(text))
      .map(([path]) => path);
    expect(holders).toEqual([]);
  });

  it('points the home page’s share picture at the site’s public URL', () => {
    const index = site.get('index.html') ?? '';
    expect(index).toContain(`<meta data-static-meta property="og:image" content="${SITE_URL}/og-image.jpg" />`);
    expect(index).toContain(`<meta data-static-meta name="twitter:image" content="${SITE_URL}/og-image.jpg" />`);
  });

  it('states what it loads, for the headers: Firebase, App Check and its auth domain’s frame, no emulator', () => {
    expect(JSON.parse(readFileSync(join(outDir, PAGE_SOURCES_FILE), 'utf8'))).toEqual({
      firebase: true,
      authOrigin: `https://${FIREBASE_CONFIG.VITE_FIREBASE_AUTH_DOMAIN}`,
      appCheck: true,
      analytics: false,
      chat: false,
      origins: [],
    });
  });

  it('loads the App Check SDK on demand, not with the page', () => {
    type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
    const appCheckKey = Object.keys(manifest).find((key) => key.includes('firebase/app-check/'));
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    expect(appCheckKey).toBeDefined();
    const initial = new Set<string>();
    const visit = (key: string): void => {
      if (initial.has(key)) return;
      initial.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    visit(entryKey!);
    expect(initial.has(appCheckKey!)).toBe(false);
  });
});
