import { describe, expect, it } from 'vitest';
import { furnitureTypeNamed } from '../../src/stage/folderType.js';

describe('furnitureTypeNamed', () => {
  it('knows each type by its id', () => {
    expect(furnitureTypeNamed('dresser')).toBe('dresser');
    expect(furnitureTypeNamed('bookcase')).toBe('bookcase');
  });

  it('knows the plural of a type', () => {
    expect(furnitureTypeNamed('sofas')).toBe('sofa');
    expect(furnitureTypeNamed('beds')).toBe('bed');
    expect(furnitureTypeNamed('bookcases')).toBe('bookcase');
    expect(furnitureTypeNamed('couches')).toBe('sofa');
  });

  it("knows the words of a type's label, singular and plural", () => {
    expect(furnitureTypeNamed('cabinets')).toBe('dresser');
    expect(furnitureTypeNamed('shelves')).toBe('bookcase');
    expect(furnitureTypeNamed('Coffee Tables')).toBe('coffee');
    expect(furnitureTypeNamed('dining_table')).toBe('table');
  });

  it('ignores case and surrounding spaces', () => {
    expect(furnitureTypeNamed(' Beds ')).toBe('bed');
  });

  it('names no type for any other folder', () => {
    expect(furnitureTypeNamed('photos')).toBeUndefined();
    expect(furnitureTypeNamed('2024-06-clearance')).toBeUndefined();
  });
});
