import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { authStateAtom } from '../../backend/authState';
import type { AuthUser } from '../../backend/types';
import { loadLastChoice, saveLastChoice, useLastChoice } from './lastChoice';
import { defaultChoiceAtom } from './studioAtoms';

afterEach(() => localStorage.clear());

const seller = { uid: 'user-1' } as AuthUser;

function Studio() {
  useLastChoice();
  return null;
}

function studioWhileSignInUnknown() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Studio />
    </Provider>,
  );
  const choose = (style: 'farmhouse' | 'coastal', furnitureType: 'bed' | 'sofa') =>
    act(() => store.set(defaultChoiceAtom, (current) => ({ ...current, style, furnitureType })));
  const signIn = () => act(() => store.set(authStateAtom, { status: 'signedIn', user: seller }));
  return { store, choose, signIn };
}

describe('the last choice and a sign-in state not known yet', () => {
  it('keeps a choice made before the sign-in state is known, over the one stored on an earlier visit', () => {
    saveLastChoice('user-1', { style: 'coastal', furnitureType: 'sofa' });
    const { store, choose, signIn } = studioWhileSignInUnknown();
    choose('farmhouse', 'bed');
    signIn();
    expect(store.get(defaultChoiceAtom)).toMatchObject({ style: 'farmhouse', furnitureType: 'bed' });
    expect(loadLastChoice('user-1')).toEqual({ style: 'farmhouse', furnitureType: 'bed' });
  });

  it('starts from the stored choice when none was made before the sign-in state was known', () => {
    saveLastChoice('user-1', { style: 'coastal', furnitureType: 'sofa' });
    const { store, signIn } = studioWhileSignInUnknown();
    signIn();
    expect(store.get(defaultChoiceAtom)).toMatchObject({ style: 'coastal', furnitureType: 'sofa' });
  });
});
