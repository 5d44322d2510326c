import { describe, expect, it } from 'vitest';
import {
  buildAutoPrompt,
  CUSTOM_PROMPT_FALLBACK,
  customPromptOrFallback,
  DESIGN_STYLES,
  FURNITURE_TYPES,
  GENERIC_ROOM_PHRASE,
  GENERIC_STYLE_PHRASE,
  isDesignStyleId,
  isFurnitureTypeId,
  resolvePrompt,
} from './catalog.js';

describe('design styles', () => {
  it('has the spec’s eight ids in order', () => {
    expect(DESIGN_STYLES.map((s) => s.id)).toEqual([
      'modern',
      'midcentury',
      'farmhouse',
      'industrial',
      'bohemian',
      'traditional',
      'scandinavian',
      'coastal',
    ]);
  });

  it('labels midcentury as Mid-Century Modern', () => {
    expect(DESIGN_STYLES.find((s) => s.id === 'midcentury')?.label).toBe('Mid-Century Modern');
  });

  it('gives every style its own specific phrase', () => {
    const phrases = DESIGN_STYLES.map((s) => s.phrase);
    expect(new Set(phrases).size).toBe(8);
    for (const phrase of phrases) expect(phrase.split(' ').length).toBeGreaterThan(15);
  });
});

describe('furniture types', () => {
  it('has the spec’s eight ids and labels', () => {
    expect(FURNITURE_TYPES.map((t) => [t.id, t.label])).toEqual([
      ['dresser', 'Dresser/Cabinet'],
      ['sofa', 'Sofa/Couch'],
      ['table', 'Dining Table'],
      ['chair', 'Accent Chair'],
      ['coffee', 'Coffee Table'],
      ['bed', 'Bed'],
      ['desk', 'Desk'],
      ['bookcase', 'Bookcase/Shelf'],
    ]);
  });

  it('gives every type its own room phrase', () => {
    expect(new Set(FURNITURE_TYPES.map((t) => t.roomPhrase)).size).toBe(8);
  });
});

describe('buildAutoPrompt', () => {
  it('joins the style phrase and the room phrase with "for a"', () => {
    const style = DESIGN_STYLES.find((s) => s.id === 'midcentury')!;
    const type = FURNITURE_TYPES.find((t) => t.id === 'chair')!;
    expect(buildAutoPrompt('midcentury', 'chair')).toBe(`${style.phrase} for a ${type.roomPhrase}`);
  });

  it('falls back to a generic stylish interior for an unknown style', () => {
    expect(buildAutoPrompt('gothic', 'bed')).toMatch(new RegExp(`^${GENERIC_STYLE_PHRASE} for a `));
  });

  it('falls back to a generic room for an unknown furniture type', () => {
    expect(buildAutoPrompt('modern', 'piano')).toMatch(new RegExp(` for a ${GENERIC_ROOM_PHRASE}$`));
  });

  it('falls back on both sides when nothing is chosen', () => {
    expect(buildAutoPrompt(undefined, undefined)).toBe(`${GENERIC_STYLE_PHRASE} for a ${GENERIC_ROOM_PHRASE}`);
  });
});

describe('custom prompt', () => {
  it('becomes "Custom background prompt" when empty', () => {
    expect(CUSTOM_PROMPT_FALLBACK).toBe('Custom background prompt');
    expect(customPromptOrFallback('')).toBe('Custom background prompt');
    expect(customPromptOrFallback('   ')).toBe('Custom background prompt');
    expect(customPromptOrFallback(undefined)).toBe('Custom background prompt');
  });

  it('keeps the user’s text, trimmed', () => {
    expect(customPromptOrFallback('  a sunny loft with plants ')).toBe('a sunny loft with plants');
  });
});

describe('resolvePrompt', () => {
  it('uses the auto prompt in auto mode', () => {
    expect(resolvePrompt({ mode: 'auto', style: 'coastal', furnitureType: 'bed' })).toBe(
      buildAutoPrompt('coastal', 'bed'),
    );
  });

  it('prefers the user’s edit of the auto prompt', () => {
    expect(resolvePrompt({ mode: 'auto', style: 'coastal', furnitureType: 'bed', editedPrompt: 'a blue room' })).toBe(
      'a blue room',
    );
  });

  it('uses the custom text in custom mode, with the fallback', () => {
    expect(resolvePrompt({ mode: 'custom', customPrompt: 'brick loft' })).toBe('brick loft');
    expect(resolvePrompt({ mode: 'custom', customPrompt: '' })).toBe('Custom background prompt');
  });
});

describe('id guards', () => {
  it('accepts only catalog ids', () => {
    expect(isDesignStyleId('industrial')).toBe(true);
    expect(isDesignStyleId('Industrial')).toBe(false);
    expect(isFurnitureTypeId('coffee')).toBe(true);
    expect(isFurnitureTypeId(42)).toBe(false);
  });
});
