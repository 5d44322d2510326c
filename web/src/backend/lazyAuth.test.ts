import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend, fakeAuthUser } from '../test-utils/fakeBackend';
import { lazyAuthDriver } from './lazyAuth';

describe('the auth driver loaded beside the first render', () => {
  it('tells a listener the restored session once the driver has loaded', async () => {
    const user = fakeAuthUser();
    const driver = lazyAuthDriver(async () => createFakeBackend({ user }).auth);
    const listener = vi.fn();
    driver.onAuthStateChanged(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith(user));
  });

  it('never starts a listener stopped before the driver loaded', async () => {
    const fake = createFakeBackend();
    const driver = lazyAuthDriver(async () => fake.auth);
    driver.onAuthStateChanged(vi.fn())();
    await driver.signOut();
    expect(fake.auth.onAuthStateChanged).not.toHaveBeenCalled();
  });

  it('reports nobody signed in when the driver cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const driver = lazyAuthDriver(() => Promise.reject(new Error('chunk failed')));
    const listener = vi.fn();
    driver.onAuthStateChanged(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith(null));
  });

  it('passes a call through to the loaded driver', async () => {
    const fake = createFakeBackend();
    const driver = lazyAuthDriver(async () => fake.auth);
    await driver.signIn('ada@example.com', 'secret-pass');
    expect(fake.auth.signIn).toHaveBeenCalledWith('ada@example.com', 'secret-pass');
  });

  it('answers whether an address is a sign-in link once the driver has loaded', async () => {
    const fake = createFakeBackend();
    vi.mocked(fake.auth.isSignInLink).mockReturnValue(true);
    const driver = lazyAuthDriver(async () => fake.auth);
    await driver.idToken();
    expect(driver.isSignInLink('http://127.0.0.1/auth/signin?mode=signIn')).toBe(true);
  });
});
