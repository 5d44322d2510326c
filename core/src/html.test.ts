import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('turns the five characters HTML gives meaning to into character references', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    );
  });

  it('leaves other text, accents and emoji included, as it is', () => {
    expect(escapeHtml('Mid-century dresser — 120 × 45 cm ✨')).toBe('Mid-century dresser — 120 × 45 cm ✨');
  });
});
