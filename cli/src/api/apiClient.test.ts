import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@flipstage/core';
import { apiUrl } from './apiClient.js';

describe('apiUrl', () => {
  it("joins core's /api paths onto a base that already ends in /api", () => {
    expect(apiUrl('http://127.0.0.1:5050/api', API_PATHS.stage)).toBe('http://127.0.0.1:5050/api/stage');
  });

  it('ignores a trailing slash on the base', () => {
    expect(apiUrl('https://flipstage.example/api/', API_PATHS.account)).toBe('https://flipstage.example/api/account');
  });
});
