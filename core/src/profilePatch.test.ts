import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { firstIssueMessage, profilePatchSchema } from './schemas.js';

const OWNER = { uid: 'dana', projectId: 'demo-flipstage' };
const GOOGLE_PHOTO = 'https://lh3.googleusercontent.com/a/ACg8ocJ=s96-c';

describe('profilePatchSchema', () => {
  it('keeps only name and avatar, the name trimmed', () => {
    const parsed = profilePatchSchema(OWNER).parse({
      name: ' Ana ',
      avatar: GOOGLE_PHOTO,
      email: 'x@y.z',
      creditsRemaining: 99,
    });
    expect(parsed).toEqual({ name: 'Ana', avatar: GOOGLE_PHOTO });
  });

  it('accepts an empty patch', () => {
    expect(profilePatchSchema(OWNER).parse({})).toEqual({});
  });

  it('stores a cleared avatar (null) as empty', () => {
    expect(profilePatchSchema(OWNER).parse({ avatar: null })).toEqual({ avatar: '' });
  });

  it('rejects a blank name with the spec message', () => {
    const result = profilePatchSchema(OWNER).safeParse({ name: '   ' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(MESSAGES.nameRequired);
  });

  it('takes an avatar in the owner’s folder of the bucket of the project that signed them in', () => {
    const avatar =
      'https://firebasestorage.googleapis.com/v0/b/demo-flipstage.appspot.com/o/avatars%2Fdana%2Fme.jpg?alt=media';
    expect(profilePatchSchema(OWNER).parse({ avatar })).toEqual({ avatar });
  });

  it('refuses any bucket avatar when the project is unknown', () => {
    const avatar = 'https://firebasestorage.googleapis.com/v0/b/demo-flipstage.appspot.com/o/avatars%2Fdana%2Fme.jpg';
    expect(profilePatchSchema({ uid: 'dana' }).safeParse({ avatar }).success).toBe(false);
  });
});
