/** Every email notice passes services/verifiedMail.ts: only to verified addresses, and a daily cap per inbox. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { silentLogger } from '../../src/logs.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import type { MailNotice, Store } from '../../src/ports/store.js';
import { NOTICES_PER_RECIPIENT_PER_DAY, toVerifiedAddresses } from '../../src/services/verifiedMail.js';
import { openTestDatabase } from '../helpers/testDatabase.js';

let db: PGlite;
let store: Store;
beforeEach(async () => {
  db = await openTestDatabase();
  store = createPgliteStore(db);
});
afterEach(() => db.close());

const notice = (to: string): MailNotice => ({ to, subject: 'New message', text: 'Hi', html: '<p>Hi</p>' });

function mailbox(verified: ReadonlySet<string>, needVerifiedEmail = true) {
  const sent: string[] = [];
  const mail = toVerifiedAddresses(
    { send: async (n) => void sent.push(n.to) },
    {
      identity: { isVerifiedAddress: async (email) => verified.has(email) },
      store,
      needVerifiedEmail,
      logger: silentLogger,
    },
  );
  return { mail, sent };
}

describe('email notices', () => {
  it('go to a verified address and not to one merely typed in', async () => {
    const { mail, sent } = mailbox(new Set(['ana@example.com']));
    await mail.send(notice('ana@example.com'));
    await mail.send(notice('stranger@example.com'));
    expect(sent).toEqual(['ana@example.com']);
  });

  it('stop at the daily cap for one inbox, however its address is written, across every sender', async () => {
    const variants = ['Jo.Smith@gmail.com', 'josmith+shop@gmail.com', 'jo.smith@googlemail.com'];
    const { mail, sent } = mailbox(new Set(variants));
    for (let i = 0; i < NOTICES_PER_RECIPIENT_PER_DAY + 5; i++) await mail.send(notice(variants[i % variants.length]!));
    expect(sent).toHaveLength(NOTICES_PER_RECIPIENT_PER_DAY);
  });

  it('are capped in local mode too, where every signed-up address counts as verified', async () => {
    const { mail, sent } = mailbox(new Set(), false);
    for (let i = 0; i < NOTICES_PER_RECIPIENT_PER_DAY + 1; i++) await mail.send(notice('local@example.com'));
    expect(sent).toHaveLength(NOTICES_PER_RECIPIENT_PER_DAY);
  });
});
