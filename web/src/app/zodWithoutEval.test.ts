import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import './zodWithoutEval';

describe('zod in the web app', () => {
  it('parses without compiling code, which the Content-Security-Policy refuses', () => {
    expect(config().jitless).toBe(true);
  });
});
