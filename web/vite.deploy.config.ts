/**
 * The deploy build (`npm run build:deploy -w web`, firebase.json's Hosting predeploy): the app in
 * Firebase mode for production. Before anything is built it checks the VITE_ settings as Vite
 * reads them (the environment over web/.env, .env.[mode] and their .local files) and refuses to
 * build, naming every problem at once, when the site would not work or would talk to emulators.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import appConfig from './vite.config.js';

/** The Firebase web app's settings (console → Project settings → Your apps) and the plans' Stripe price ids. */
const REQUIRED = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_STRIPE_PRICE_BASE',
  'VITE_STRIPE_PRICE_FLIPPER',
  'VITE_STRIPE_PRICE_PREMIUM',
] as const;

const APP_CHECK_SITE_KEY = 'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY';

/** What stops `env` from making a working production build; empty when nothing does. */
function deployEnvProblems(env: Record<string, string | undefined>): string[] {
  const appCheck = env.VITE_APP_CHECK || 'on';
  const required = appCheck === 'off' ? REQUIRED : [...REQUIRED, APP_CHECK_SITE_KEY];
  const missing = required.filter((name) => !env[name]);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`Missing: ${missing.join(', ')}.`);
  if (env.VITE_BACKEND !== 'firebase') {
    problems.push(`VITE_BACKEND must be firebase (it is ${env.VITE_BACKEND ? `"${env.VITE_BACKEND}"` : 'unset'}).`);
  }
  if (env.VITE_FIREBASE_EMULATORS === 'true') {
    problems.push(
      'VITE_FIREBASE_EMULATORS=true builds for the Emulator Suite (npm run dev:firebase), not for a deploy.',
    );
  }
  // Share links and the home page's share picture are made on VITE_SITE_URL: a loopback one shares links nobody can open.
  if (env.VITE_SITE_URL && /^https?:\/\/(127\.|localhost\b|\[::1\])/i.test(env.VITE_SITE_URL)) {
    problems.push(`VITE_SITE_URL must be the site's public URL, not this machine's (it is "${env.VITE_SITE_URL}").`);
  }
  if (appCheck !== 'on' && appCheck !== 'off') {
    problems.push(`VITE_APP_CHECK must be on or off (it is "${appCheck}").`);
  }
  if (missing.includes(APP_CHECK_SITE_KEY)) {
    problems.push(`App Check needs ${APP_CHECK_SITE_KEY}; set VITE_APP_CHECK=off to deploy without App Check.`);
  }
  return problems;
}

const webDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => {
  const problems = deployEnvProblems(loadEnv(mode, webDir, 'VITE_'));
  if (problems.length > 0) {
    const where = `web/.env.${mode}, web/.env or the environment`;
    const heading = `Deploy build refused. Set the web app's settings in ${where} (docs/firebase.md):`;
    console.error([heading, ...problems.map((problem) => `  - ${problem}`)].join('\n'));
    // Exiting here, before Vite starts, keeps the message free of a stack trace and builds nothing.
    process.exit(1);
  }
  return appConfig;
});
