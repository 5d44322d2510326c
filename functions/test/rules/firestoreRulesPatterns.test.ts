/**
 * firestore.rules spells out the profile's patterns that the API takes from core
 * (RULES_PATTERNS): each must appear in the rules verbatim, as a quoted rules string. The profile
 * catalogue then checks how both compose them, value by value, in the API and in the emulator.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES_PATTERNS } from '@flipstage/core';

const rules = readFileSync(fileURLToPath(new URL('../../../firestore.rules', import.meta.url)), 'utf8');

/** A pattern as a rules string literal: each backslash doubled. */
const quoted = (pattern: string) => `'${pattern.replaceAll('\\', '\\\\')}'`;

describe('firestore.rules and core’s profile rules', () => {
  it.each(Object.entries(RULES_PATTERNS))('spell %s the same', (_name, pattern) => {
    expect(rules).toContain(quoted(pattern));
  });
});
