import { describe, expect, it } from 'vitest';
import { DEFAULT_NAME_TEMPLATE, nameTemplateProblem, outputNamePattern, renderOutputName } from '../../src/stage/outputName.js';

describe('nameTemplateProblem', () => {
  it('accepts the default and templates using {name}, {style} and {type}', () => {
    expect(nameTemplateProblem(DEFAULT_NAME_TEMPLATE)).toBeNull();
    expect(nameTemplateProblem('{name}.{style}.{type}.staged')).toBeNull();
  });

  it('requires {name}, so two photos never share an output', () => {
    expect(nameTemplateProblem('{style}.staged')).toBe('must contain {name}, so every photo gets its own output');
  });

  it('refuses path separators', () => {
    expect(nameTemplateProblem('out/{name}')).toMatch(/^must not contain \//);
    expect(nameTemplateProblem('..\\{name}')).toMatch(/^must not contain \//);
  });

  it('refuses an unknown placeholder, naming it', () => {
    expect(nameTemplateProblem('{name}.{colour}')).toBe(
      '{colour} is not a placeholder; use {name}, {style} and {type}',
    );
  });

  it('refuses an unmatched brace', () => {
    expect(nameTemplateProblem('{name}.{style')).toBe('has an unmatched { or }');
  });
});

describe('renderOutputName', () => {
  it('fills every placeholder and ends in .jpg', () => {
    expect(renderOutputName('{name}.{style}.{type}', { name: 'chair', style: 'coastal', type: 'chair' })).toBe(
      'chair.coastal.chair.jpg',
    );
  });

  it('gives the default template today’s name', () => {
    expect(renderOutputName(DEFAULT_NAME_TEMPLATE, { name: 'chair', style: 'modern', type: 'sofa' })).toBe(
      'chair.staged.jpg',
    );
  });
});

describe('outputNamePattern', () => {
  it("matches the template's outputs and their half-written downloads", () => {
    const pattern = outputNamePattern('{name}.{style}.staged');
    expect(pattern?.test('chair.coastal.staged.jpg')).toBe(true);
    expect(pattern?.test('chair.coastal.staged.jpg.part')).toBe(true);
  });

  it('does not match a photo whose name only resembles an output', () => {
    const pattern = outputNamePattern('{name}-{style}');
    expect(pattern?.test('chair-gothic.jpg')).toBe(false);
    expect(pattern?.test('chair.jpg')).toBe(false);
  });

  it('recognises nothing for a bare {name}, which names outputs like photos', () => {
    expect(outputNamePattern('{name}')).toBeNull();
  });
});
