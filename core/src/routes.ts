import { AUTH_TYPES, type AuthType } from './authTypes.js';

export const DEFAULT_NEXT_PATH = '/dashboard';

/** Spec §2: /auth/{type}; a path containing reset-password is changepass; unknown → signup. */
export function resolveAuthType(typeOrPath: string | undefined | null): AuthType {
  const value = (typeOrPath ?? '').toLowerCase();
  if (value.includes('reset-password')) return 'changepass';
  const last = value.split('/').filter(Boolean).pop() ?? '';
  return (AUTH_TYPES as readonly string[]).includes(last) ? (last as AuthType) : 'signup';
}

/**
 * The path to go to after sign-in. Only same-site absolute paths are honoured, so a crafted
 * `next` cannot send a user to another site.
 */
export function resolveNextPath(next: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof next !== 'string') return fallback;
  const path = next.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}

export const SETTINGS_SECTIONS = ['general', 'password', 'billing'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export const SETTINGS_SECTION_LABELS: Record<SettingsSection, string> = {
  general: 'General',
  password: 'Password',
  billing: 'Billing',
};

export function resolveSettingsSection(section: string | undefined | null): SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(section ?? '') ? (section as SettingsSection) : 'general';
}

export const LEGAL_SECTIONS = ['terms-of-service', 'privacy-policy'] as const;
export type LegalSection = (typeof LEGAL_SECTIONS)[number];
export const LEGAL_SECTION_LABELS: Record<LegalSection, string> = {
  'terms-of-service': 'Terms of Use',
  'privacy-policy': 'Privacy Policy',
};

export function resolveLegalSection(section: string | undefined | null): LegalSection {
  return (LEGAL_SECTIONS as readonly string[]).includes(section ?? '') ? (section as LegalSection) : 'terms-of-service';
}

/**
 * Spec §9: downloads are numbered from 1. A photo's further rooms ("Try another room") add the
 * room's number, so saving several never overwrites the first.
 */
export function downloadFileName(n: number, room = 1): string {
  return room === 1 ? `staged_image_${n}.jpg` : `staged_image_${n}_room_${room}.jpg`;
}

export function purchasePath(planId: string): string {
  return `/purchase/${encodeURIComponent(planId)}`;
}

/** Spec §4: signed-out visitors who pick a plan sign up first, then land on the purchase page. */
export function signUpThenPurchasePath(planId: string): string {
  return `/auth/signup?next=${encodeURIComponent(purchasePath(planId))}`;
}

export const CHECKOUT_SUCCESS_PATH = '/dashboard?paid=true';
export const CHECKOUT_CANCEL_PATH = '/pricing';
export const BILLING_RETURN_PATH = '/settings/general';
