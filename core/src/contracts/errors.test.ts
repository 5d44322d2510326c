import { describe, expect, it } from 'vitest';
import { apiError, errorMessageFromResponse } from './errors.js';

describe('API error shape', () => {
  it('is { error: { message } }', () => {
    expect(apiError('Title is required')).toEqual({ error: { message: 'Title is required' } });
  });
});

describe('errorMessageFromResponse', () => {
  it('reads error.message from the API’s error shape', () => {
    expect(errorMessageFromResponse(400, '{"error":{"message":"Title is required"}}')).toBe('Title is required');
  });

  it('reads a top-level message', () => {
    expect(errorMessageFromResponse(400, '{"message":"Bad plan"}')).toBe('Bad plan');
  });

  it('reads a string error', () => {
    expect(errorMessageFromResponse(500, '{"error":"Boom"}')).toBe('Boom');
  });

  it('uses the raw text when the body is not JSON', () => {
    expect(errorMessageFromResponse(502, 'Bad gateway')).toBe('Bad gateway');
  });

  it('skips fields that are not text', () => {
    expect(errorMessageFromResponse(400, '{"message":5,"error":{"message":"Title is required"}}')).toBe('Title is required');
    expect(errorMessageFromResponse(400, '{"error":{"message":7}}')).toBe('HTTP error! status: 400');
    expect(errorMessageFromResponse(400, 'null')).toBe('HTTP error! status: 400');
  });

  it('falls back to the HTTP status', () => {
    expect(errorMessageFromResponse(503, '')).toBe('HTTP error! status: 503');
    expect(errorMessageFromResponse(500, '{}')).toBe('HTTP error! status: 500');
  });
});
