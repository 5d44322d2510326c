/**
 * Local mode's email: each notice is one JSON file in `<dataDir>/outbox/`, named so a listing of
 * the folder reads in the order they were written. Nothing is sent; a developer opens the file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailNotices } from '../../ports/conversations.js';

export function createOutboxMail(outboxDir: string): MailNotices {
  return {
    async send(notice) {
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      await writeFile(join(outboxDir, name), `${JSON.stringify(notice, null, 2)}\n`);
    },
  };
}
