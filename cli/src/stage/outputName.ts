import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS } from '@flipstage/core';

/** Today's `<name>.staged.jpg`, so folders staged before templates existed keep their names. */
export const DEFAULT_NAME_TEMPLATE = '{name}.staged';

const PLACEHOLDER = /\{([^{}]*)\}/g;
const KNOWN = ['name', 'style', 'type'] as const;
type Placeholder = (typeof KNOWN)[number];

const isKnown = (key: string): key is Placeholder => (KNOWN as readonly string[]).includes(key);

/** Why a `--name` template cannot be used, or null when it can. */
export function nameTemplateProblem(template: string): string | null {
  if (/[\\/]/.test(template)) return 'must not contain / or \\ (each output stays in its photo’s sub-folder)';
  for (const [, key = ''] of template.matchAll(PLACEHOLDER)) {
    if (!isKnown(key)) return `{${key}} is not a placeholder; use {name}, {style} and {type}`;
  }
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return 'has an unmatched { or }';
  if (!template.includes('{name}')) return 'must contain {name}, so every photo gets its own output';
  return null;
}

/** The output file name (always a JPEG) of a photo named `name` staged in `style` as `type`. */
export function renderOutputName(template: string, values: Record<Placeholder, string>): string {
  return `${template.replace(PLACEHOLDER, (_, key: Placeholder) => values[key])}.jpg`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS: Record<Placeholder, string> = {
  name: '.+',
  style: `(?:${DESIGN_STYLE_IDS.join('|')})`,
  type: `(?:${FURNITURE_TYPE_IDS.join('|')})`,
};

/**
 * Recognises the template's outputs (and their half-written downloads) so a run whose --out is
 * its input folder does not stage them. A bare `{name}` names outputs like photos, so it
 * recognises nothing; the plan refuses outputs that would overwrite a photo instead.
 */
export function outputNamePattern(template: string): RegExp | null {
  if (template === '{name}') return null;
  const parts = template
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? PATTERNS[part as Placeholder] : escapeRegExp(part)));
  return new RegExp(`^${parts.join('')}\\.jpg(\\.part)?$`, 'i');
}
