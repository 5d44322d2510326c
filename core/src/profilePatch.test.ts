import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { firstIssueMessage, profilePatchSchema } from './schemas.js';

describe('profilePatchSchema', () => {
  it('keeps only name and avatar', () => {
    const parsed = profilePatchSchema.parse({ name: ' Ana ', avatar: 'https://img.example/a.png', email: 'x@y.z', creditsRemaining: 99 });
    expect(parsed).toEqual({ name: 'Ana', avatar: 'https://img.example/a.png' });
  });

  it('accepts an empty patch', () => {
    expect(profilePatchSchema.parse({})).toEqual({});
  });

  it('rejects a blank name with the spec message', () => {
    const result = profilePatchSchema.safeParse({ name: '   ' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(MESSAGES.nameRequired);
  });

  it.each(['javascript:alert(1)', 'not a url', '/relative.png', 42])('rejects the avatar %j', (avatar) => {
    const result = profilePatchSchema.safeParse({ avatar });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(MESSAGES.avatarInvalid);
  });
});
