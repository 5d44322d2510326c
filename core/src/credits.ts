import type { PlanId } from './plans.js';
import { PLANS } from './plans.js';
import { MESSAGES } from './messages.js';

export const SIGNUP_CREDITS = 10;
export const CREDITS_PER_IMAGE = 1;
/**
 * A signed-out visitor's free tries (spec §6's local credits counter): enough to see a few pieces
 * staged before signing up, granted once per visitor and counted per network by the server.
 */
export const TRIAL_CREDITS = 3;

export function monthlyCreditsFor(plan: PlanId): number {
  const found = PLANS.find((p) => p.id === plan);
  if (!found) throw new Error(`Unknown plan: ${plan}`);
  return found.monthlyCredits;
}

export type GenerateAllDecision =
  | { kind: 'nothing-left'; message: string }
  | { kind: 'not-enough-credits'; message: string; needed: number; have: number }
  | { kind: 'confirm'; message: string; count: number };

/** Spec §5: Generate All needs credits for every unprocessed image, and asks first. */
export function decideGenerateAll(unprocessed: number, credits: number): GenerateAllDecision {
  if (unprocessed <= 0) return { kind: 'nothing-left', message: MESSAGES.allProcessed };
  if (credits < unprocessed * CREDITS_PER_IMAGE) {
    const needed = unprocessed * CREDITS_PER_IMAGE;
    return { kind: 'not-enough-credits', message: MESSAGES.needCreditsForAll(needed, credits), needed, have: credits };
  }
  return { kind: 'confirm', message: MESSAGES.confirmGenerateAll(unprocessed), count: unprocessed };
}

export type GenerateSelectedCheck =
  { ok: true } | { ok: false; reason: 'no-images' | 'invalid-selection' | 'no-credits'; message: string };

/** Spec §4/§5: Generate needs an image, a valid selected index and credits above 0. */
export function checkGenerateSelected(input: {
  imageCount: number;
  selectedIndex: number | null | undefined;
  credits: number;
}): GenerateSelectedCheck {
  if (input.imageCount <= 0) return { ok: false, reason: 'no-images', message: MESSAGES.uploadAtLeastOne };
  const i = input.selectedIndex;
  if (i === null || i === undefined || !Number.isInteger(i) || i < 0 || i >= input.imageCount) {
    return { ok: false, reason: 'invalid-selection', message: MESSAGES.invalidImageSelected };
  }
  if (input.credits < CREDITS_PER_IMAGE) return { ok: false, reason: 'no-credits', message: MESSAGES.needCredits };
  return { ok: true };
}

/** The label of the Generate Selected button (spec §2). */
export function generateSelectedLabel(credits: number): string {
  return credits <= 0 ? 'Get Free Credits' : 'Generate Selected';
}

/** The credits counter: a balance when signed in, the free tries left while signed out. */
export function creditsCounterLabel(credits: number, signedIn: boolean): string {
  if (signedIn) return `Credits: ${credits}`;
  return `${credits} free ${credits === 1 ? 'try' : 'tries'} left`;
}

export function generateAllLabel(count: number): string {
  return `Generate All (${count})`;
}

export function creditsAfter(credits: number, processed: number): number {
  return Math.max(0, credits - processed * CREDITS_PER_IMAGE);
}
