/**
 * Issue 40: FlipStage's mail goes only to verified addresses. A notice carries words someone else
 * chose, so an address an account merely typed in never receives one (services/verifiedMail.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import type { MailNotice } from '../../src/ports/conversations.js';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { emulatorIdentity, signUpTestUser, verifyTestUserEmail, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';

const admin = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `verified-mail-${randomUUID()}`));
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS, config: { verifiedEmailRequired: true } });
  photo = await jpegBytes(400, 300);
});
afterAll(() => t.close());

const as = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });
const outbox = (): MailNotice[] => {
  try {
    return readdirSync(t.outboxDir).map(
      (name) => JSON.parse(readFileSync(join(t.outboxDir, name), 'utf8')) as MailNotice,
    );
  } catch {
    return [];
  }
};

async function verifiedAccount(): Promise<TestUser> {
  const user = await verifyTestUserEmail(await signUpTestUser());
  await request(t.app).post('/api/account').set(as(user)).expect(200);
  return user;
}

async function listingBy(seller: TestUser): Promise<string> {
  const item = await request(t.app)
    .post('/api/marketplace-create-item')
    .set(as(seller))
    .field('title', 'Pine chest')
    .field('description', 'Two drawers.')
    .field('price', '80')
    .attach('images', photo, { filename: 'chest.jpg', contentType: 'image/jpeg' })
    .expect(201);
  return item.body.id as string;
}

/** A verified buyer's first message about the listing. */
async function messageAbout(itemId: string): Promise<void> {
  await request(t.app)
    .post('/api/conversations')
    .set(as(await verifiedAccount()))
    .send({ itemId, text: 'Is it still available?' })
    .expect(201);
}

const noticesTo = (email: string) => outbox().filter((notice) => notice.to === email);

describe('a new message’s email notice', () => {
  it('reaches a seller whose address is verified', async () => {
    const seller = await verifiedAccount();
    await messageAbout(await listingBy(seller));
    expect(noticesTo(seller.email)).toHaveLength(1);
  });

  it('is not sent to an address that is no longer verified, and the message still arrives', async () => {
    const seller = await verifiedAccount();
    const itemId = await listingBy(seller);
    await admin.updateUser(seller.uid, { emailVerified: false });
    await messageAbout(itemId);
    expect(noticesTo(seller.email)).toEqual([]);
    const inbox = await request(t.app).get('/api/conversations').set(as(seller));
    expect(inbox.body.data).toHaveLength(1);
  });
});

describe('the Identity port’s verified address', () => {
  const identity = emulatorIdentity();

  it('is true for an account that verified it, false for one that did not, and false for no account', async () => {
    const verified = await verifyTestUserEmail(await signUpTestUser());
    const typed = await signUpTestUser();
    expect(await identity.isVerifiedAddress(verified.email)).toBe(true);
    expect(await identity.isVerifiedAddress(typed.email)).toBe(false);
    expect(await identity.isVerifiedAddress(`nobody-${randomUUID()}@example.com`)).toBe(false);
  });
});
