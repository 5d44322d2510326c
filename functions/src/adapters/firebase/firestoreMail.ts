/**
 * Firebase mode's email: a document in `mail`, the collection the Trigger Email extension
 * (firestore-send-email) watches and sends from, in its format: { to, message: { subject, text, html } }.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { MailNotices } from '../../ports/conversations.js';

export const MAIL_COLLECTION = 'mail';

export function createFirestoreMail(db: Firestore): MailNotices {
  return {
    async send({ to, subject, text, html }) {
      await db.collection(MAIL_COLLECTION).add({ to, message: { subject, text, html } });
    },
  };
}
