import { describe, expect, it } from 'vitest';
import {
  authFormFields,
  authFormSchema,
  filterImageFiles,
  firstIssueMessage,
  itemFormSchema,
  parseTags,
  passwordChangeSchema,
  profileFormSchema,
  reauthPasswordSchema,
} from './schemas.js';
import type { z } from 'zod';

function messages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('auth form', () => {
  it('shows confirm only for signup and changepass', () => {
    expect(authFormFields('signup')).toEqual({ email: true, pass: true, confirmPass: true });
    expect(authFormFields('signin')).toEqual({ email: true, pass: true, confirmPass: false });
    expect(authFormFields('forgotpass')).toEqual({ email: true, pass: false, confirmPass: false });
    expect(authFormFields('changepass')).toEqual({ email: false, pass: true, confirmPass: true });
  });

  it('requires every sign-up field with the spec’s messages', () => {
    expect(messages(authFormSchema('signup').safeParse({ email: '', pass: '', confirmPass: '' }))).toEqual({
      email: 'Please enter an email address',
      pass: 'Please enter a password',
      confirmPass: 'Please enter your password again',
    });
  });

  it('treats missing fields like empty ones', () => {
    expect(messages(authFormSchema('signin').safeParse({}))).toEqual({
      email: 'Please enter an email address',
      pass: 'Please enter a password',
    });
  });

  it('rejects a confirmation that differs from the password', () => {
    const result = authFormSchema('signup').safeParse({ email: 'a@b.co', pass: 'secret1', confirmPass: 'secret2' });
    expect(messages(result)).toEqual({ confirmPass: "This doesn't match your password" });
  });

  it('rejects a malformed email', () => {
    expect(messages(authFormSchema('forgotpass').safeParse({ email: 'not-an-email' }))).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('accepts a complete sign-in', () => {
    expect(authFormSchema('signin').safeParse({ email: ' a@b.co ', pass: 'pw' })).toMatchObject({
      success: true,
      data: { email: 'a@b.co', pass: 'pw' },
    });
  });

  it('applies the same rules to a password change', () => {
    expect(messages(passwordChangeSchema.safeParse({ pass: '', confirmPass: '' }))).toEqual({
      pass: 'Please enter a password',
      confirmPass: 'Please enter your password again',
    });
    expect(messages(authFormSchema('changepass').safeParse({ pass: 'abc', confirmPass: 'abd' }))).toEqual({
      confirmPass: "This doesn't match your password",
    });
  });
});

describe('profile form', () => {
  it('requires name and email with the spec’s messages', () => {
    expect(messages(profileFormSchema.safeParse({ name: ' ', email: '' }))).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
    });
  });
});

describe('re-sign-in form', () => {
  it('requires the password', () => {
    expect(messages(reauthPasswordSchema.safeParse({ pass: '' }))).toEqual({ pass: 'Please enter your password' });
  });
});

describe('item form', () => {
  const valid = { title: 'Oak dresser', description: 'Six drawers', price: '120', tags: 'oak, Vintage ,, oak', state: 'sold' };

  it('requires title, description and price with the spec’s messages', () => {
    expect(messages(itemFormSchema.safeParse({ title: '', description: '', price: '' }))).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      price: 'Price is required',
    });
  });

  it('rejects a negative price and accepts 0', () => {
    expect(messages(itemFormSchema.safeParse({ ...valid, price: '-1' }))).toEqual({ price: 'Price must be 0 or more' });
    expect(itemFormSchema.parse({ ...valid, price: '0' }).price).toBe(0);
  });

  it('rejects a price that is not a number', () => {
    expect(messages(itemFormSchema.safeParse({ ...valid, price: 'cheap' }))).toEqual({ price: 'Price must be a number' });
  });

  it('parses tags from a comma-separated string', () => {
    expect(itemFormSchema.parse(valid).tags).toEqual(['oak', 'vintage']);
  });

  it('defaults the state to active and accepts only active or sold', () => {
    expect(itemFormSchema.parse({ ...valid, state: undefined }).state).toBe('active');
    expect(itemFormSchema.parse(valid).state).toBe('sold');
    expect(messages(itemFormSchema.safeParse({ ...valid, state: 'reserved' }))).toEqual({
      state: 'State must be active or sold',
    });
  });

  it('keeps tags optional', () => {
    expect(itemFormSchema.parse({ ...valid, tags: undefined }).tags).toEqual([]);
  });

  it('reports the first issue for API errors', () => {
    const result = itemFormSchema.safeParse({ ...valid, title: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe('Title is required');
  });
});

describe('parseTags', () => {
  it('trims, lower-cases, drops empties and duplicates', () => {
    expect(parseTags(' Mid-Century, walnut,,WALNUT ')).toEqual(['mid-century', 'walnut']);
    expect(parseTags(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(parseTags(undefined)).toEqual([]);
  });
});

describe('upload filter', () => {
  it('keeps only files whose type starts with image/', () => {
    const files = [{ type: 'image/jpeg' }, { type: 'text/plain' }, { type: 'image/png' }];
    expect(filterImageFiles(files)).toEqual({ files: [files[0], files[2]], error: null });
  });

  it('says so when no file is an image', () => {
    expect(filterImageFiles([{ type: 'application/pdf' }, { type: '' }])).toEqual({
      files: [],
      error: 'No valid image files were selected. Please try again with image files.',
    });
  });
});
