/**
 * The functions predeploy's check of functions/.env and functions/.env.<project>: `firebase
 * deploy` asks for a param without a value and for a secret that does not exist, but it happily
 * deploys values that only make sense on this machine. Those are refused here, all named at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** KEY=VALUE lines of a dotenv file, quotes removed. */
export function readDotenv(path) {
  if (!existsSync(path)) return {};
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line))
    .filter(Boolean)
    .map(([, key, value]) => [key, value.replace(/^(['"])(.*)\1$/, '$2')]);
  return Object.fromEntries(entries);
}

const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/i;

/**
 * Problems of the params a deploy to `projectId` would use (Firebase reads .env, then
 * .env.<project id or alias> over it).
 */
export function deployParamProblems(functionsDir, projectId) {
  const files = ['.env', ...(projectId ? [`.env.${projectId}`] : [])];
  const params = Object.assign({}, ...files.map((name) => readDotenv(join(functionsDir, name))));
  const problems = [];
  for (const [key, value] of Object.entries(params)) {
    if (/^STRIPE_PRICE_/.test(key) && /^price_local_/.test(value)) {
      problems.push(`${key}=${value} is local mode's simulated price; use the price id from your Stripe dashboard`);
    }
    if (key === 'SITE_URL' && value.split(',').some((origin) => LOOPBACK.test(origin.trim()))) {
      problems.push(`SITE_URL=${value} points at this machine; use your site's https origin, or leave it empty for the project's Hosting domains`);
    }
    if (/^EMULATOR_/.test(key)) problems.push(`${key} is for the Emulator Suite only; keep it in functions/.env.local`);
    if (key === 'APP_CHECK' && value.trim().toLowerCase() === 'off') {
      problems.push('APP_CHECK=off would let scripts call the API without App Check; keep it in functions/.env.local for the emulators');
    }
  }
  return problems;
}
