/**
 * `npm run admin:grant -- --email EMAIL [--project ID] [--revoke]`: makes the account with that
 * email a moderator (issue 40), who reviews reported listings at /admin/reports; --revoke takes
 * the role away. With a Firebase project id it uses the Admin SDK's application default
 * credentials (`gcloud auth application-default login`) on that project. Without one, or with a
 * demo- project, it is local mode's: the Auth emulator of the running `npm start`
 * (FIREBASE_AUTH_EMULATOR_HOST, else 127.0.0.1:9099), whose accounts the host keeps in its data
 * folder within seconds.
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { NoSuchAccount, setModerator } from '../functions/src/adapters/firebase/moderatorClaim.js';
import { AUTH_EMULATOR_HOST } from './lib/authEmulator.mjs';

const USAGE = 'Usage: npm run admin:grant -- --email EMAIL [--project PROJECT_ID] [--revoke]';

let values;
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, project: { type: 'string' }, revoke: { type: 'boolean', default: false } },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const email = values.email?.trim();
if (!email) {
  console.error(`Give the account's email.\n${USAGE}`);
  process.exit(2);
}
const project = values.project?.trim() || LOCAL_PROJECT_ID;
// Firebase treats a demo- project as the emulators' alone: it never reaches a real one.
const local = project.startsWith('demo-');
if (local) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR_HOST;
const where = local
  ? `local mode (the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST})`
  : `project ${project}`;

try {
  const user = await setModerator(getAuth(initializeApp({ projectId: project })), email, !values.revoke);
  console.log(
    values.revoke
      ? `${email} (${user.uid}) is no longer a moderator on ${where}.`
      : `${email} (${user.uid}) is now a moderator on ${where}. They see Reports at /admin/reports once their ID token is renewed: sign out and in again, or wait up to an hour.`,
  );
} catch (error) {
  if (error instanceof NoSuchAccount) {
    console.error(`No account on ${where} has the email ${email}. Sign up with it first.`);
    process.exit(1);
  }
  const unreachable = local && (error as { code?: unknown }).code === 'app/network-error';
  console.error(
    unreachable
      ? `The Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST} did not answer: is npm start running?`
      : String(error),
  );
  process.exit(1);
}
