/**
 * The upgrade from a data folder made before accounts were kept: its database has accounts (credits,
 * images, listings) whose sign-in died with the emulator. Each is made again under its old id, so
 * what it owns is its own again, and a signed-out visitor's kept session works again too (the
 * emulator's refresh tokens only name the id). A password cannot come back, so an email account
 * gets a link to choose a new one, in the log and in the outbox. One the emulator refuses (another
 * account took its email since) is reported, and its rows are left as they are.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Auth } from 'firebase-admin/auth';
import type { MailNotices } from '../ports/conversations.js';
import { logs, type Logger } from '../logs.js';
import { exportAccounts, importAccounts, type EmulatorAccount } from './emulatorAccounts.js';

export interface OrphanAccountDeps {
  db: PGlite;
  auth: Auth;
  emulatorHost: string;
  mail: MailNotices;
  /** Where the app is served: the new-password link opens its reset page. */
  siteUrl: string;
  logger: Logger;
  /** Ids made again elsewhere (the demo seller, with its known password, by the seed). */
  skip?: ReadonlySet<string>;
}

async function accountRows(db: PGlite): Promise<Array<{ uid: string; email: string | null; name: string | null }>> {
  const result = await db.query<{ uid: string; email: string | null; name: string | null }>(
    `SELECT uid, email, name FROM users
     UNION ALL
     SELECT uid, NULL, NULL FROM customers WHERE uid NOT IN (SELECT uid FROM users)`,
  );
  return result.rows;
}

async function newPasswordLink(deps: OrphanAccountDeps, email: string): Promise<string> {
  const emulatorLink = new URL(await deps.auth.generatePasswordResetLink(email));
  const page = new URL('/auth/reset-password', deps.siteUrl);
  page.searchParams.set('oobCode', emulatorLink.searchParams.get('oobCode') ?? '');
  return page.toString();
}

function notice(email: string, link: string) {
  const text =
    `Your FlipStage account (${email}) was restored from this machine's data folder. ` +
    `Its credits, staged images and listings are yours as before, but its password could not be kept.\n\n` +
    `Choose a new password here: ${link}\n\n` +
    `The link works until FlipStage is restarted; after that, use "Forgot password?" on the sign-in page.`;
  const html = text
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph.replace(link, `<a href="${link}">${link}</a>`)}</p>`)
    .join('');
  return { to: email, subject: 'Choose a new password for your FlipStage account', text, html };
}

/** Makes every database account the emulator lacks again; answers how many were made. */
export async function recreateOrphanAccounts(deps: OrphanAccountDeps): Promise<number> {
  const present = new Set(((await exportAccounts(deps.emulatorHost)).users ?? []).map((user) => user.localId));
  const orphans = (await accountRows(deps.db)).filter((row) => !present.has(row.uid) && !deps.skip?.has(row.uid));
  const accounts: EmulatorAccount[] = orphans.map((row) => ({
    localId: row.uid,
    ...(row.email ? { email: row.email, emailVerified: true } : {}),
    ...(row.name ? { displayName: row.name } : {}),
  }));
  const refused = await importAccounts(deps.emulatorHost, accounts);
  const refusedIds = new Set(refused.map(({ account }) => account.localId));
  for (const { account, reason } of refused) {
    logs.accountNotRestored(deps.logger, {
      uid: account.localId,
      email: account.email ?? null,
      reason,
      file: 'the database',
    });
  }
  const made = accounts.filter((account) => !refusedIds.has(account.localId));
  for (const account of made) {
    const link = account.email ? await newPasswordLink(deps, account.email) : null;
    if (account.email && link) await deps.mail.send(notice(account.email, link));
    logs.accountRecreated(deps.logger, { uid: account.localId, email: account.email ?? null, resetLink: link });
  }
  return made.length;
}
