/**
 * firebase.json's security header rule (scripts/lib/hostingHeaders.mjs): written by
 * `node scripts/hosting-headers.mjs` for the deploy build, and checked by Hosting's predeploy, which
 * refuses a deploy whose build loads what firebase.json's policy does not allow.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_SOURCES_FILE, pageSourcesFromSettings } from '@flipstage/core';
import {
  readPageSources,
  securityHeaderRule,
  securityRuleProblems,
  withSecurityRule,
  writeRunSecurityHeaders,
  type HostingConfig,
} from '../../../scripts/lib/hostingHeaders.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as HostingConfig & {
  hosting: { predeploy: string[] };
};

const DEPLOYED = pageSourcesFromSettings({ VITE_BACKEND: 'firebase', VITE_FIREBASE_AUTH_DOMAIN: 'flipstage.app' });
const WITH_CHAT = { ...DEPLOYED, chat: true };
const CACHE_RULE = { source: '**', headers: [{ key: 'Cache-Control', value: 'no-cache' }] };
const config = (headers: HostingConfig['hosting']['headers']): HostingConfig => ({ hosting: { headers } });

describe('firebase.json’s security headers', () => {
  it('pass the check for the build they were written for', () => {
    const rule = securityHeaderRule(DEPLOYED, { https: true });
    expect(securityRuleProblems(withSecurityRule(config([CACHE_RULE]), rule), rule)).toEqual([]);
  });

  it('fail it for a build that loads more (a chat widget configured since), naming the header and what it needs', () => {
    const written = withSecurityRule(config([CACHE_RULE]), securityHeaderRule(DEPLOYED, { https: true }));
    const problems = securityRuleProblems(written, securityHeaderRule(WITH_CHAT, { https: true }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Content-Security-Policy is: .*\n {4}the build needs: .*https:\/\/client\.crisp\.chat/,
    );
  });

  it('fail it when firebase.json has no security rule at all', () => {
    expect(securityRuleProblems(config([CACHE_RULE]), securityHeaderRule(DEPLOYED, { https: true }))).toEqual([
      expect.stringContaining('no security header rule'),
    ]);
  });

  it('are rewritten in place, leaving the cache rules as they were', () => {
    const once = withSecurityRule(config([CACHE_RULE]), securityHeaderRule(DEPLOYED, { https: true }));
    const twice = withSecurityRule(once, securityHeaderRule(WITH_CHAT, { https: true }));
    expect(twice.hosting.headers).toEqual([CACHE_RULE, securityHeaderRule(WITH_CHAT, { https: true })]);
  });

  it('are checked by Hosting’s predeploy right after its deploy build', () => {
    expect(firebaseJson.hosting.predeploy).toEqual([
      expect.stringContaining('run build:deploy -w web'),
      expect.stringMatching(/scripts\/hosting-headers\.mjs" --check$/),
    ]);
  });
});

describe('an Emulator Suite run’s copy of firebase.json', () => {
  it('sends the headers its build needs to reach the emulators, without HSTS over http', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flipstage-run-headers-'));
    try {
      const sources = pageSourcesFromSettings({ VITE_BACKEND: 'firebase', VITE_FIREBASE_EMULATORS: 'true' });
      writeFileSync(join(dir, PAGE_SOURCES_FILE), JSON.stringify(sources));
      const configPath = join(dir, 'firebase.run.json');
      writeFileSync(configPath, JSON.stringify(firebaseJson));
      writeRunSecurityHeaders(configPath, dir);
      const written = JSON.parse(readFileSync(configPath, 'utf8')) as HostingConfig;
      expect(securityRuleProblems(written, securityHeaderRule(sources, { https: false }))).toEqual([]);
      expect(JSON.stringify(written)).toContain('http://127.0.0.1:*');
      expect(JSON.stringify(written)).not.toContain('Strict-Transport-Security');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not written from a folder without a build', () => {
    expect(() => readPageSources(tmpdir())).toThrow(/build the web app first/);
  });
});
