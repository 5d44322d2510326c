import { describe, expect, it } from 'vitest';
import {
  checkGenerateSelected,
  creditsAfter,
  decideGenerateAll,
  generateAllLabel,
  generateSelectedLabel,
  monthlyCreditsFor,
  creditsCounterLabel,
  SIGNUP_CREDITS,
  TRIAL_CREDITS,
} from './credits.js';

describe('credit constants', () => {
  it('grant 10 credits at sign-up and 3 free tries to a signed-out visitor', () => {
    expect(SIGNUP_CREDITS).toBe(10);
    expect(TRIAL_CREDITS).toBe(3);
  });

  it('add 25, 50 or 450 credits a month by plan', () => {
    expect([monthlyCreditsFor('base'), monthlyCreditsFor('flipper'), monthlyCreditsFor('premium')]).toEqual([
      25, 50, 450,
    ]);
  });
});

describe('Generate All', () => {
  it('says everything is processed when nothing is left', () => {
    expect(decideGenerateAll(0, 5)).toEqual({
      kind: 'nothing-left',
      message: 'All images have already been processed.',
    });
  });

  it('refuses with the spec’s message when credits are short', () => {
    expect(decideGenerateAll(4, 3)).toEqual({
      kind: 'not-enough-credits',
      message: 'You need 4 credits to generate all remaining images. You currently have 3 credits.',
      needed: 4,
      have: 3,
    });
  });

  it('asks for confirmation when credits suffice', () => {
    expect(decideGenerateAll(3, 3)).toEqual({
      kind: 'confirm',
      message: 'This will generate images for all 3 unprocessed images and use 3 credits. Continue?',
      count: 3,
    });
  });

  it('is labelled with the image count', () => {
    expect(generateAllLabel(2)).toBe('Generate All (2)');
  });
});

describe('Generate Selected', () => {
  it('needs an uploaded image', () => {
    expect(checkGenerateSelected({ imageCount: 0, selectedIndex: 0, credits: 5 })).toEqual({
      ok: false,
      reason: 'no-images',
      message: 'Please upload at least one image first',
    });
  });

  it('needs a valid selected index', () => {
    for (const selectedIndex of [-1, 2, null, 0.5]) {
      expect(checkGenerateSelected({ imageCount: 2, selectedIndex, credits: 5 })).toEqual({
        ok: false,
        reason: 'invalid-selection',
        message: 'Invalid image selected. Please select another image or upload a new one.',
      });
    }
  });

  it('needs credits above 0', () => {
    expect(checkGenerateSelected({ imageCount: 1, selectedIndex: 0, credits: 0 })).toEqual({
      ok: false,
      reason: 'no-credits',
      message: 'You need credits to generate images.',
    });
  });

  it('passes with an image, a valid selection and credits', () => {
    expect(checkGenerateSelected({ imageCount: 2, selectedIndex: 1, credits: 1 })).toEqual({ ok: true });
  });

  it('reads Get Free Credits at 0 credits', () => {
    expect(generateSelectedLabel(0)).toBe('Get Free Credits');
    expect(generateSelectedLabel(3)).toBe('Generate Selected');
  });
});

describe('creditsAfter', () => {
  it('falls by the number processed and never below 0', () => {
    expect(creditsAfter(10, 2)).toBe(8);
    expect(creditsAfter(1, 3)).toBe(0);
  });
});

describe('the credits counter', () => {
  it('shows a signed-in balance as credits', () => {
    expect(creditsCounterLabel(7, true)).toBe('Credits: 7');
  });

  it('shows a visitor the free tries left', () => {
    expect([3, 1, 0].map((n) => creditsCounterLabel(n, false))).toEqual([
      '3 free tries left',
      '1 free try left',
      '0 free tries left',
    ]);
  });
});
