import { describe, expect, it } from 'vitest';
import {
  downloadFileName,
  resolveAuthType,
  resolveLegalSection,
  resolveNextPath,
  resolveSettingsSection,
  signUpThenPurchasePath,
} from './routes.js';

describe('resolveAuthType', () => {
  it('keeps the four known types', () => {
    for (const type of ['signup', 'signin', 'forgotpass', 'changepass']) expect(resolveAuthType(type)).toBe(type);
  });

  it('falls back to signup for an unknown type', () => {
    expect(resolveAuthType('register')).toBe('signup');
    expect(resolveAuthType(undefined)).toBe('signup');
  });

  it('treats a path containing reset-password as changepass', () => {
    expect(resolveAuthType('/auth/reset-password')).toBe('changepass');
    expect(resolveAuthType('/auth/signin')).toBe('signin');
  });
});

describe('resolveNextPath', () => {
  it('defaults to /dashboard', () => {
    expect(resolveNextPath(undefined)).toBe('/dashboard');
    expect(resolveNextPath('')).toBe('/dashboard');
  });

  it('keeps a same-site path with its query', () => {
    expect(resolveNextPath('/purchase/flipper')).toBe('/purchase/flipper');
    expect(resolveNextPath('/settings/billing?x=1')).toBe('/settings/billing?x=1');
  });

  it('refuses other sites', () => {
    expect(resolveNextPath('https://evil.example')).toBe('/dashboard');
    expect(resolveNextPath('//evil.example')).toBe('/dashboard');
    expect(resolveNextPath('/\\evil.example')).toBe('/dashboard');
  });

  it('uses the given fallback', () => {
    expect(resolveNextPath(undefined, '/')).toBe('/');
  });
});

describe('sections', () => {
  it('settings fall back to general', () => {
    expect(resolveSettingsSection('billing')).toBe('billing');
    expect(resolveSettingsSection('password')).toBe('password');
    expect(resolveSettingsSection('danger')).toBe('general');
  });

  it('legal pages default to terms-of-service', () => {
    expect(resolveLegalSection('privacy-policy')).toBe('privacy-policy');
    expect(resolveLegalSection(undefined)).toBe('terms-of-service');
    expect(resolveLegalSection('cookies')).toBe('terms-of-service');
  });
});

describe('paths and names', () => {
  it('names downloads staged_image_{n}.jpg', () => {
    expect(downloadFileName(1)).toBe('staged_image_1.jpg');
    expect(downloadFileName(3, 1)).toBe('staged_image_3.jpg');
  });

  it('adds the room to the name of a photo’s further rooms', () => {
    expect(downloadFileName(1, 2)).toBe('staged_image_1_room_2.jpg');
  });

  it('sends a signed-out buyer to sign-up with next=/purchase/{plan}', () => {
    expect(signUpThenPurchasePath('flipper')).toBe('/auth/signup?next=%2Fpurchase%2Fflipper');
  });
});
