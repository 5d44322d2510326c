/** Email notices on Firestore: one `mail` document each, in the Trigger Email extension's format. */
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFirestoreMail, MAIL_COLLECTION } from '../../../src/adapters/firebase/firestoreMail.js';
import { adminApp, clearFirestore } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-mail';
let db: Firestore;

beforeAll(async () => {
  await clearFirestore(PROJECT_ID);
  db = getFirestore(adminApp(PROJECT_ID, ['firestore']));
});

afterAll(async () => {
  await db.terminate();
});

it('writes { to, message: { subject, text, html } } to the mail collection', async () => {
  const notice = { to: 'sam@example.com', subject: 'New message', text: 'Hi', html: '<p>Hi</p>' };
  await createFirestoreMail(db).send(notice);
  const docs = (await db.collection(MAIL_COLLECTION).get()).docs.map((doc) => doc.data());
  expect(docs).toEqual([{ to: 'sam@example.com', message: { subject: 'New message', text: 'Hi', html: '<p>Hi</p>' } }]);
});
