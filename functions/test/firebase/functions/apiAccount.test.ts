/**
 * The deployed shape on the Emulator Suite, without Cloud Storage: the `api` bundle in the
 * Functions emulator with Auth and Firestore behind it, and the owner's direct reads under the
 * security rules.
 */
import { assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { createAccount, newUser, useApiFunction } from '../support/apiFunction.js';

const api = useApiFunction();

describe('the api function on the Emulator Suite', () => {
  it('creates an account with the sign-up credits, which the owner then reads under the rules', async () => {
    const { uid, idToken } = await newUser();
    const user = await createAccount(api, idToken);
    expect(user).toMatchObject({ uid, creditsRemaining: SIGNUP_CREDITS });

    const db = api.env.authenticatedContext(uid).firestore();
    const customer = await assertSucceeds(db.doc(`customers/${uid}`).get());
    expect(customer.data()).toMatchObject({ creditsRemaining: SIGNUP_CREDITS });
    const ledger = await assertSucceeds(db.collection(`customers/${uid}/ledger`).get());
    expect(ledger.docs.map((d) => d.data())).toMatchObject([
      { delta: SIGNUP_CREDITS, reason: 'signup', ref: 'signup' },
    ]);
  });
});
