/**
 * Firebase Hosting's security headers in a firebase.json: one header rule, made from what the web
 * build states it loads (its PAGE_SOURCES_FILE, core/src/securityHeaders.ts). Hosting's headers are
 * fixed per deploy and firebase-tools reads firebase.json before any predeploy runs, so the
 * deploy cannot write them: `npm run hosting:headers` does (scripts/hosting-headers.mjs), and
 * Hosting's predeploy refuses a deploy whose build needs other ones. Each Emulator Suite run
 * writes its own copy's (tierRunConfig.mjs), for a build that talks to the emulators.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SOURCES_FILE, securityHeaders } from '@flipstage/core';

/**
 * Every path but Firebase's reserved /__/ ones: there Hosting serves the sign-in handler and the
 * iframe the app frames on its auth domain, which must keep Firebase's own headers (a custom
 * domain as auth domain is the site itself). Hosting matches with RE2, which has no lookahead.
 */
export const SECURITY_HEADERS_REGEX = '^/([^_]|_[^_]|_?$)';

/**
 * What the build in `webDir` loads, as it says.
 * @param {string} webDir
 * @returns {import('@flipstage/core').PageSources}
 */
export function readPageSources(webDir) {
  const file = join(webDir, PAGE_SOURCES_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`No ${file} (${error instanceof Error ? error.message : error}): build the web app first`);
  }
}

/**
 * Hosting's header rule for these sources.
 * @param {import('@flipstage/core').PageSources} sources
 * @param {{ https: boolean }} options
 */
export function securityHeaderRule(sources, { https }) {
  const headers = securityHeaders({ sources, https });
  return {
    regex: SECURITY_HEADERS_REGEX,
    headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
  };
}

const isSecurityRule = (rule) => rule.regex === SECURITY_HEADERS_REGEX;

/**
 * A firebase.json config with its Hosting security rule replaced by `rule` (added last when absent).
 * @param {{ hosting: { headers?: object[] } }} config
 * @param {ReturnType<typeof securityHeaderRule>} rule
 */
export function withSecurityRule(config, rule) {
  const others = (config.hosting.headers ?? []).filter((existing) => !isSecurityRule(existing));
  return { ...config, hosting: { ...config.hosting, headers: [...others, rule] } };
}

/**
 * Why a firebase.json config does not send `rule`'s headers, header by header, or [] when it does.
 * @param {{ hosting: { headers?: object[] } }} config
 * @param {ReturnType<typeof securityHeaderRule>} rule
 */
export function securityRuleProblems(config, rule) {
  const found = (config.hosting.headers ?? []).find(isSecurityRule);
  if (!found) return [`firebase.json has no security header rule (regex ${SECURITY_HEADERS_REGEX})`];
  const has = new Map(found.headers.map(({ key, value }) => [key, value]));
  const wanted = new Map(rule.headers.map(({ key, value }) => [key, value]));
  const problems = [];
  for (const [key, value] of wanted) {
    if (!has.has(key)) problems.push(`${key} is missing; the build needs: ${value}`);
    else if (has.get(key) !== value) problems.push(`${key} is: ${has.get(key)}\n    the build needs: ${value}`);
  }
  for (const key of has.keys()) if (!wanted.has(key)) problems.push(`${key} is not one the build needs`);
  return problems;
}

/**
 * Writes an Emulator Suite run's copy of firebase.json with the headers its build needs (http: no HSTS).
 * @param {string} configPath
 * @param {string} webDir
 */
export function writeRunSecurityHeaders(configPath, webDir) {
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  const rule = securityHeaderRule(readPageSources(webDir), { https: false });
  writeFileSync(configPath, JSON.stringify(withSecurityRule(config, rule), null, 2));
}
