import { describe, expect, it } from 'vitest';
import {
  authFormFields,
  authFormSchema,
  cursorPositionSchema,
  filterImageFiles,
  firstIssueMessage,
  hasControlCharacters,
  idempotencyKeySchema,
  itemFormSchema,
  itemsQuerySchema,
  parseTags,
  passwordChangeSchema,
  profileFormSchema,
  reauthPasswordSchema,
  stageFieldsSchema,
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
  const valid = {
    title: 'Oak dresser',
    description: 'Six drawers',
    price: '120',
    tags: 'oak, Vintage ,, oak',
    state: 'sold',
  };

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
    expect(messages(itemFormSchema.safeParse({ ...valid, price: 'cheap' }))).toEqual({
      price: 'Price must be a number',
    });
  });

  it.each([
    ['0x1F', 'Price must be a number'],
    ['1e3', 'Price must be a number'],
    ['Infinity', 'Price must be a number'],
    [' 12 3', 'Price must be a number'],
    [Number.POSITIVE_INFINITY, 'Price must be a number'],
    [Number.NaN, 'Price must be a number'],
    ['1e307', 'Price must be a number'],
    ['1' + '0'.repeat(400), 'Price must be 1,000,000 or less'],
    ['1000000.01', 'Price must be 1,000,000 or less'],
    [1e307, 'Price must be 1,000,000 or less'],
    ['19.999', 'Price can have at most 2 decimal places'],
    [1.005, 'Price can have at most 2 decimal places'],
  ])('refuses the price %j', (price, message) => {
    expect(messages(itemFormSchema.safeParse({ ...valid, price }))).toEqual({ price: message });
  });

  it.each([
    ['1000000', 1_000_000],
    [' 19.99 ', 19.99],
    ['0.29', 0.29],
    ['7.50', 7.5],
    ['-0', 0],
    [240, 240],
  ])('accepts the price %j as %d', (price, expected) => {
    expect(itemFormSchema.parse({ ...valid, price }).price).toBe(expected);
  });

  it('refuses control characters in title and tags, and allows line breaks and tabs only in the description', () => {
    expect(messages(itemFormSchema.safeParse({ ...valid, title: 'Oak\u0000' }))).toEqual({
      title: 'Title must not contain control characters.',
    });
    expect(messages(itemFormSchema.safeParse({ ...valid, tags: 'oak,\u001bx' }))).toEqual({
      tags: 'Tags must not contain control characters.',
    });
    expect(messages(itemFormSchema.safeParse({ ...valid, description: 'a\u0000b' }))).toEqual({
      description: 'Description must not contain control characters.',
    });
    expect(itemFormSchema.parse({ ...valid, description: 'Line one\r\n\tLine two' }).description).toBe(
      'Line one\r\n\tLine two',
    );
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

describe('control characters', () => {
  it.each(['\u0000', 'a\u0007', '\u001f', '\u007f', 'x\ud800', '\udc00y'])('finds them in %j', (text) => {
    expect(hasControlCharacters(text, true)).toBe(true);
  });

  it('lets multi-line text keep tab and line breaks, and any real character', () => {
    expect(hasControlCharacters('a\tb\r\nc', true)).toBe(false);
    expect(hasControlCharacters('a\tb', false)).toBe(true);
    expect(hasControlCharacters('Crème brûlée 🛋️ 中文', false)).toBe(false);
  });
});

describe('queries and cursors', () => {
  it('takes each query parameter once, as bounded plain text', () => {
    expect(itemsQuerySchema.parse({ search: 'oak', tag: 'walnut', other: 'x' })).toEqual({
      search: 'oak',
      tag: 'walnut',
      min: null,
      max: null,
      sort: 'newest',
    });
    expect(messages(itemsQuerySchema.safeParse({ search: ['a', 'b'] }))).toEqual({
      search: 'The search parameter must be sent once, as text.',
    });
    expect(messages(itemsQuerySchema.safeParse({ tag: 'a'.repeat(41) }))).toEqual({
      tag: 'Tag must be 40 characters or fewer.',
    });
    expect(messages(itemsQuerySchema.safeParse({ cursor: 'not a cursor' }))).toEqual({ cursor: 'Invalid cursor.' });
  });

  it('accepts only instants the backend writes and ids it hands out', () => {
    const id = '0b6c1f9e-3c55-4a43-9f0e-7a1f3b1f2d10';
    expect(cursorPositionSchema.safeParse(['2026-01-02T03:04:05.678Z', id]).success).toBe(true);
    for (const createdAt of [
      '1',
      '2026-02-30T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
    ])
      expect(cursorPositionSchema.safeParse([createdAt, id]).success).toBe(false);
    for (const bad of ['', 'a/b', 'a\u0000', 'x'.repeat(129)])
      expect(cursorPositionSchema.safeParse(['2026-01-02T03:04:05.678Z', bad]).success).toBe(false);
  });
});

describe('stage fields', () => {
  it('defaults empty choices and refuses unknown ones', () => {
    expect(stageFieldsSchema.parse({ mode: ' ', style: '', prompt: undefined })).toEqual({
      mode: 'auto',
      style: 'modern',
      furnitureType: 'dresser',
      prompt: '',
      variant: 0,
    });
    expect(messages(stageFieldsSchema.safeParse({ style: 'modern\u0000' }))).toEqual({
      style: 'Unknown design style.',
    });
  });

  it('keeps line breaks in a prompt and refuses control characters and length over 2000', () => {
    expect(stageFieldsSchema.parse({ prompt: 'sunny\nloft' }).prompt).toBe('sunny\nloft');
    expect(messages(stageFieldsSchema.safeParse({ prompt: 'a\u0000' }))).toEqual({
      prompt: 'The prompt must not contain control characters.',
    });
    expect(messages(stageFieldsSchema.safeParse({ prompt: 'a'.repeat(2001) }))).toEqual({
      prompt: 'The prompt must be 2000 characters or fewer.',
    });
  });

  it('takes a variant from 0 to 99 sent as text, 0 when missing or empty', () => {
    expect(stageFieldsSchema.parse({}).variant).toBe(0);
    expect(stageFieldsSchema.parse({ variant: ' ' }).variant).toBe(0);
    expect(stageFieldsSchema.parse({ variant: '0' }).variant).toBe(0);
    expect(stageFieldsSchema.parse({ variant: ' 7 ' }).variant).toBe(7);
    expect(stageFieldsSchema.parse({ variant: '99' }).variant).toBe(99);
  });

  it.each(['100', '-1', '1' + '0'.repeat(400), '1.5', '1.0', '1e1', '0x1', 'two', '3\u0000', 7])(
    'refuses the variant %j',
    (variant) => {
      expect(messages(stageFieldsSchema.safeParse({ variant }))).toEqual({
        variant: 'Variant must be a whole number from 0 to 99.',
      });
    },
  );

  it('takes an Idempotency-Key of 1 to 200 plain characters', () => {
    expect(idempotencyKeySchema.parse(' batch-1 ')).toBe('batch-1');
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('k'.repeat(201)).success).toBe(false);
    expect(idempotencyKeySchema.safeParse('a\u0001b').success).toBe(false);
  });
});
