import { describe, expect, it } from 'vitest';
import { buildAutoPrompt, DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS } from '@flipstage/core';
import { promptTags } from '../../../../src/stagers/engine/plates/promptTags.js';

const tags = (prompt: string) => [...promptTags(prompt)];

describe('the tags a prompt asks for', () => {
  it('reads what a seller types for a room’s materials as the plates’ tags', () => {
    expect(tags('exposed brick by the hearth')).toEqual(['brick', 'fireplace']);
    expect(tags('hardwood, limewashed walls and wainscoting')).toEqual(['wood-floor', 'plaster', 'panelling']);
    expect(tags('polished concrete with a parquet corner')).toEqual(['concrete', 'wood-floor']);
  });

  it('reads a phrase whole before its words', () => {
    expect(tags('a large window')).toEqual(['large-window']);
    expect(tags('floor-to-ceiling glazing')).toEqual(['large-window']);
    expect(tags('dark walls, a bright rug')).toEqual(['dark-walls', 'bright', 'rug']);
    expect(tags('white walls and a window')).toEqual(['white-walls', 'window']);
  });

  it('names each tag once, in the order the prompt first asks for it', () => {
    expect(tags('plants, a rug, more plants and greenery')).toEqual(['plants', 'rug']);
  });

  it('asks for nothing in any untouched auto prompt, though the catalog’s phrases speak of brick and windows', () => {
    for (const style of DESIGN_STYLE_IDS)
      for (const type of FURNITURE_TYPE_IDS) expect(tags(buildAutoPrompt(style, type)), `${style} ${type}`).toEqual([]);
  });

  it('ignores words inside other words', () => {
    expect(tags('a darkish artisanal lampshade')).toEqual([]);
  });
});
