import { describe, expect, it } from 'vitest';
import { createStager } from '../../src/stagers/selectStager.js';

describe('createStager', () => {
  it('uses Photoroom when PHOTOROOM_API_KEY is set', () => {
    expect(createStager({ PHOTOROOM_API_KEY: 'sk_live_x' }).name).toBe('photoroom');
  });

  it('uses the local engine when no key is set', () => {
    expect(createStager({}).name).toBe('local');
  });

  it('uses the local engine when the key is blank', () => {
    expect(createStager({ PHOTOROOM_API_KEY: '  ' }).name).toBe('local');
  });
});
