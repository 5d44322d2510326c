/**
 * What the functions predeploy decides before anything is uploaded: the deploy package's
 * lockfile, cut from the repository's (scripts/lib/deployLockfile.mjs), the refusal of
 * params that only make sense on this machine (scripts/lib/deployParams.mjs), and the engine's
 * model files beside the bundle (scripts/lib/vendorPackages.mjs).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deployLockfile, type Lockfile } from '../../../scripts/lib/deployLockfile.mjs';
import { deployParamProblems } from '../../../scripts/lib/deployParams.mjs';
import { copyEngineModels, ENGINE_MODELS } from '../../../scripts/lib/vendorPackages.mjs';

const entry = (version: string, dependencies?: Record<string, string>) => ({
  version,
  integrity: `sha512-${version}`,
  ...(dependencies ? { dependencies } : {}),
});

const repositoryLock: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'repo' },
    'node_modules/@flipstage/core': { link: true },
    'node_modules/express': entry('5.1.0', { 'body-parser': '^2.0.0' }),
    'node_modules/body-parser': entry('2.2.0', { debug: '^4.0.0' }),
    'node_modules/debug': entry('4.4.0'),
    'node_modules/sharp': { ...entry('0.35.5'), optionalDependencies: { '@img/sharp-linux-x64': '0.35.5', '@img/sharp-wasm32': '0.35.5' } },
    'node_modules/@img/sharp-linux-x64': { ...entry('0.35.5'), optional: true, os: ['linux'], cpu: ['x64'] },
    'node_modules/stripe': entry('23.0.0'),
    'functions/node_modules/debug': entry('3.2.7'),
    'node_modules/eslint': { ...entry('9.39.0'), dev: true },
  },
};

describe('the deploy lockfile', () => {
  it('pins the closure of the deploy dependencies, and nothing else from the repository', () => {
    const lock = deployLockfile(repositoryLock, {
      name: 'deploy',
      dependencies: { express: '^5.1.0' },
      from: { express: 'functions' },
    });
    expect(Object.keys(lock.packages).sort()).toEqual(['', 'node_modules/body-parser', 'node_modules/debug', 'node_modules/express']);
    expect(lock.packages['']).toEqual({ name: 'deploy', dependencies: { express: '^5.1.0' } });
  });

  it('resolves each package as Node does, from the workspace that declares it', () => {
    const lock = deployLockfile(repositoryLock, {
      name: 'deploy',
      dependencies: { debug: '^3.2.0' },
      from: { debug: 'functions' },
    });
    expect(lock.packages['node_modules/debug']?.version).toBe('3.2.7');
  });

  it('keeps the optional platform packages the lockfile has and skips those it has not', () => {
    const lock = deployLockfile(repositoryLock, { name: 'deploy', dependencies: { sharp: '^0.35.0' }, from: { sharp: 'functions' } });
    expect(lock.packages['node_modules/@img/sharp-linux-x64']).toMatchObject({ optional: true, os: ['linux'], cpu: ['x64'] });
    expect(lock.packages['node_modules/@img/sharp-wasm32']).toBeUndefined();
  });

  it('refuses a package the repository lockfile does not have, naming it', () => {
    expect(() =>
      deployLockfile(repositoryLock, { name: 'deploy', dependencies: { leftpad: '^1.0.0' }, from: { leftpad: 'functions' } }),
    ).toThrow(/leftpad .* is not in package-lock.json/);
  });

  it('refuses a package resolved from outside the npm registry', () => {
    const lock: Lockfile = {
      ...repositoryLock,
      packages: { ...repositoryLock.packages, 'node_modules/stripe': { ...entry('23.0.0'), resolved: 'https://example.com/stripe.tgz' } },
    };
    expect(() => deployLockfile(lock, { name: 'deploy', dependencies: { stripe: '^23.0.0' }, from: { stripe: 'functions' } })).toThrow(
      /outside the npm registry/,
    );
  });
});

describe('the deploy params check', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const withEnv = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), 'deploy-params-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  it('accepts real price ids and an https site', () => {
    const folder = withEnv({ '.env': 'STRIPE_PRICE_BASE=price_1Q2w3E\nSITE_URL=https://flipstage.app\n' });
    expect(deployParamProblems(folder, 'flipstage-prod')).toEqual([]);
  });

  it("refuses local mode's simulated price ids", () => {
    const folder = withEnv({ '.env': 'STRIPE_PRICE_BASE=price_local_base\n' });
    expect(deployParamProblems(folder, undefined)).toEqual([expect.stringContaining('STRIPE_PRICE_BASE=price_local_base')]);
  });

  it("refuses a SITE_URL on this machine, read from the project's own .env over the shared one", () => {
    const folder = withEnv({ '.env': 'SITE_URL=https://flipstage.app\n', '.env.flipstage-prod': 'SITE_URL="http://127.0.0.1:5000"\n' });
    expect(deployParamProblems(folder, 'flipstage-prod')).toEqual([expect.stringContaining('SITE_URL=http://127.0.0.1:5000')]);
  });

  it('refuses emulator-only settings and App Check switched off', () => {
    const folder = withEnv({ '.env': 'EMULATOR_SITE_URL=http://127.0.0.1:5000\nAPP_CHECK=off\n' });
    expect(deployParamProblems(folder, undefined)).toHaveLength(2);
  });
});

describe("the engine's model files", () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are copied unchanged to models/ beside the bundle: U²-Net small and the home-good detector', () => {
    dir = mkdtempSync(join(tmpdir(), 'deploy-models-'));
    copyEngineModels(dir);
    expect(readdirSync(join(dir, 'models')).sort()).toEqual(['nanodet.bin', 'nanodet.json', 'u2netp.onnx']);
    for (const model of ENGINE_MODELS) {
      expect(readFileSync(join(dir, 'models', model.file)).equals(readFileSync(model.source()))).toBe(true);
    }
  });
});
