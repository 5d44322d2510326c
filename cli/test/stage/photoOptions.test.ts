import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choiceFor } from '../../src/stage/photoOptions.js';

const flags = { style: 'modern', type: 'dresser', prompt: undefined, hd: false } as const;

describe('choiceFor', () => {
  it('takes the type from the folder the photo is in', () => {
    expect(choiceFor({ path: join('/lot', 'sofas', 'a.jpg') }, flags, null).furnitureType).toBe('sofa');
  });

  it('uses --type for a photo whose folder names no type', () => {
    expect(choiceFor({ path: join('/lot', 'mixed', 'a.jpg') }, flags, null).furnitureType).toBe('dresser');
  });

  it("prefers the manifest's type, style and prompt to the folder and the flags", () => {
    const path = join('/lot', 'sofas', 'a.jpg');
    const choice = choiceFor({ path }, flags, new Map([[path, { type: 'bed', style: 'coastal', prompt: 'a loft' }]]));
    expect(choice).toEqual({ style: 'coastal', furnitureType: 'bed', mode: 'custom', prompt: 'a loft', hd: false });
  });

  it('builds the auto prompt of the photo’s own type and style', () => {
    const choice = choiceFor({ path: join('/lot', 'beds', 'a.jpg') }, { ...flags, style: 'farmhouse' }, null);
    expect(choice.mode).toBe('auto');
    expect(choice.prompt).toContain('bed');
  });
});
