import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { decodeCursor, encodeCursor } from '../../src/services/cursor.js';
import { ServiceError } from '../../src/services/errors.js';

describe('page cursors', () => {
  it('round-trip a position', () => {
    const after = { createdAt: '2026-05-01T10:00:00.000Z', id: 'abc' };
    expect(decodeCursor(encodeCursor(after)!)).toEqual(after);
  });

  it('treat a missing cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
    expect(encodeCursor(null)).toBeNull();
  });

  it.each([
    'garbage',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["not a date","x"]').toString('base64url'),
    Buffer.from('["1","x"]').toString('base64url'),
    Buffer.from('["+275760-09-13T00:00:00.000Z","x"]').toString('base64url'),
    Buffer.from('["2026-05-01T10:00:00.000Z","a\\u0000b"]').toString('base64url'),
    Buffer.from('["2026-05-01T10:00:00.000Z",""]').toString('base64url'),
  ])('reject the forged cursor %j with the invalid-cursor message', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(new ServiceError('invalid', MESSAGES.invalidCursor));
  });
});
