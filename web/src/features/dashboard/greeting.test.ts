import { describe, expect, it } from 'vitest';
import { dashboardGreeting } from './greeting';

const created = Date.parse('2026-11-01T10:00:00Z');
const minutes = (n: number) => n * 60_000;

describe('dashboardGreeting', () => {
  it('welcomes a brand-new account without "back"', () => {
    expect(dashboardGreeting('Ada', { createdAt: created, lastSignInAt: created }, created + minutes(1))).toBe(
      'Welcome to FlipStage, Ada.',
    );
  });

  it('takes a sign-in reported a second after the creation for the sign-up itself', () => {
    expect(dashboardGreeting('Ada', { createdAt: created, lastSignInAt: created + 1000 }, created + 1000)).toBe(
      'Welcome to FlipStage, Ada.',
    );
  });

  it('welcomes back someone who signed in again after signing up', () => {
    expect(
      dashboardGreeting('Ada', { createdAt: created, lastSignInAt: created + minutes(30) }, created + minutes(31)),
    ).toBe('Welcome back, Ada.');
  });

  it('welcomes back someone whose first session is still open a day later', () => {
    expect(dashboardGreeting('Ada', { createdAt: created, lastSignInAt: created }, created + minutes(25 * 60))).toBe(
      'Welcome back, Ada.',
    );
  });

  it('says nothing it cannot know when the sign-in times are missing', () => {
    expect(dashboardGreeting('Ada', { createdAt: null, lastSignInAt: null }, created)).toBe(
      'Welcome to FlipStage, Ada.',
    );
    expect(dashboardGreeting('Ada', null, created)).toBe('Welcome to FlipStage, Ada.');
  });
});
