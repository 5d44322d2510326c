#!/usr/bin/env node
/**
 * `node scripts/hosting-headers.mjs`: makes the web app's deploy build (web/dist, from web/.env.production
 * and the environment) and writes into firebase.json the security headers Hosting must send for it
 * (lib/hostingHeaders.mjs); review and commit the change. With --check (Hosting's predeploy, after
 * its deploy build) it changes nothing and refuses, naming each difference, when firebase.json's
 * headers are not the ones that build needs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const configPath = join(root, 'firebase.json');
const webDist = join(root, 'web', 'dist');
const check = process.argv.includes('--check');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The policy is core's: built first, so the headers are this checkout's, not a stale build's.
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'core']);
if (!check) run('npm', ['run', 'build:deploy', '-w', 'web']);
const { readPageSources, securityHeaderRule, securityRuleProblems, withSecurityRule } =
  await import('./lib/hostingHeaders.mjs');

let sources;
try {
  sources = readPageSources(webDist);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (!sources.firebase) {
  console.error(
    'web/dist is not a deploy build (npm run build:deploy -w web makes one): its headers would be local mode’s.',
  );
  process.exit(1);
}
const rule = securityHeaderRule(sources, { https: true });
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const problems = securityRuleProblems(config, rule);

if (check) {
  if (problems.length > 0) {
    const heading =
      "Deploy refused: firebase.json's security headers are not the ones the web build needs (its VITE_ settings " +
      'changed?). Run node scripts/hosting-headers.mjs, review and commit firebase.json, then deploy (docs/firebase.md):';
    console.error([heading, ...problems.map((problem) => `  - ${problem}`)].join('\n'));
    process.exit(1);
  }
  console.log('firebase.json sends the security headers the web build needs.');
} else if (problems.length === 0) {
  console.log('firebase.json already sends the security headers the web build needs.');
} else {
  // Formatted as the repository formats JSON, so the change reads as the headers alone.
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(configPath)), filepath: configPath };
  writeFileSync(configPath, await prettier.format(JSON.stringify(withSecurityRule(config, rule)), options));
  console.log(`Wrote firebase.json's security headers for this build:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}
