/**
 * The deployed shape on the Emulator Suite, without Cloud Storage: the `api` bundle in the
 * Functions emulator with Auth and Firestore behind it, and the owner's direct reads under the
 * security rules. In Firebase mode a password account's sign-up credits wait for its verified email.
 */
import { assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { confirmEmail, createAccount, newUser, useApiFunction } from '../support/apiFunction.js';

const api = useApiFunction();

describe('the api function on the Emulator Suite', () => {
  it('creates a password account without credits while its email is unverified', async () => {
    const { uid, idToken } = await newUser();
    const user = await createAccount(api, idToken);
    expect(user).toMatchObject({ uid, creditsRemaining: 0, signupCreditsPending: true });

    const db = api.env.authenticatedContext(uid).firestore();
    const customer = await assertSucceeds(db.doc(`customers/${uid}`).get());
    expect(customer.data()).toMatchObject({ creditsRemaining: 0 });
    const ledger = await assertSucceeds(db.collection(`customers/${uid}/ledger`).get());
    expect(ledger.docs).toHaveLength(0);
  });

  it('grants the sign-up credits once, on the first account call with a verified token, which the owner reads under the rules', async () => {
    const unverified = await newUser();
    await createAccount(api, unverified.idToken);
    const { uid, idToken } = await confirmEmail(unverified);

    expect(await createAccount(api, idToken)).toMatchObject({
      uid,
      creditsRemaining: SIGNUP_CREDITS,
      signupCreditsPending: false,
    });
    expect(await createAccount(api, idToken)).toMatchObject({ creditsRemaining: SIGNUP_CREDITS });

    const db = api.env.authenticatedContext(uid).firestore();
    const customer = await assertSucceeds(db.doc(`customers/${uid}`).get());
    expect(customer.data()).toMatchObject({ creditsRemaining: SIGNUP_CREDITS });
    const ledger = await assertSucceeds(db.collection(`customers/${uid}/ledger`).get());
    expect(ledger.docs.map((d) => d.data())).toMatchObject([
      { delta: SIGNUP_CREDITS, reason: 'signup', ref: 'signup' },
    ]);
  });
});
