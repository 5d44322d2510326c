import { describe, expect, it } from 'vitest';
import { buildAutoPrompt, CUSTOM_PROMPT_FALLBACK } from '@flipstage/core';
import { requestChoice, stageOptionsSchema } from '../../src/stage/options.js';

const parse = (extra: Record<string, unknown>) =>
  stageOptionsSchema.safeParse({ inputs: ['photos'], out: 'staged', ...extra });

describe('stage options', () => {
  it('defaults to the modern dresser, concurrency 3 and no flags', () => {
    const result = parse({});
    expect(result.success && result.data).toMatchObject({
      style: 'modern',
      type: 'dresser',
      concurrency: 3,
      hd: false,
      dryRun: false,
      yes: false,
      force: false,
      json: false,
    });
  });

  it('rejects an unknown style and lists the valid ones', () => {
    const result = parse({ style: 'gothic' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      '--style "gothic": Unknown design style. Valid values: modern, midcentury, farmhouse, industrial, bohemian, traditional, scandinavian, coastal.',
    );
  });

  it('rejects an unknown furniture type and lists the valid ones', () => {
    const result = parse({ type: 'lamp' });
    expect(result.error?.issues[0]?.message).toBe(
      '--type "lamp": Unknown furniture type. Valid values: dresser, sofa, table, chair, coffee, bed, desk, bookcase.',
    );
  });

  it('accepts concurrency as the string commander passes', () => {
    expect(parse({ concurrency: '4' }).data?.concurrency).toBe(4);
  });

  it.each(['0', '17', '2.5', 'many'])('rejects concurrency %s', (value) => {
    expect(parse({ concurrency: value }).success).toBe(false);
  });

  it('requires --out', () => {
    const result = stageOptionsSchema.safeParse({ inputs: ['photos'] });
    expect(result.error?.issues[0]?.message).toBe('Choose where the staged images go with --out <dir>.');
  });

  it('requires at least one path', () => {
    expect(parse({ inputs: [] }).success).toBe(false);
  });
});

describe('requestChoice', () => {
  it('sends the auto prompt of the style and type, as the web app builds it', () => {
    const options = stageOptionsSchema.parse({ inputs: ['a'], out: 'b', style: 'coastal', type: 'sofa' });
    expect(requestChoice(options)).toEqual({
      style: 'coastal',
      furnitureType: 'sofa',
      mode: 'auto',
      prompt: buildAutoPrompt('coastal', 'sofa'),
      hd: false,
    });
  });

  it('switches to custom mode with --prompt', () => {
    const options = stageOptionsSchema.parse({ inputs: ['a'], out: 'b', prompt: ' sunny loft ' });
    expect(requestChoice(options)).toMatchObject({ mode: 'custom', prompt: 'sunny loft' });
  });

  it('falls back to the spec text for an empty custom prompt', () => {
    const options = stageOptionsSchema.parse({ inputs: ['a'], out: 'b', prompt: '' });
    expect(requestChoice(options).prompt).toBe(CUSTOM_PROMPT_FALLBACK);
  });
});

describe('--name, --manifest and --max-credits', () => {
  it('defaults the output name to today’s {name}.staged', () => {
    const result = parse({});
    expect(result.success && result.data.name).toBe('{name}.staged');
  });

  it('refuses a template without {name}, saying why', () => {
    expect(parse({ name: '{style}' }).error?.issues[0]?.message).toBe(
      '--name "{style}" must contain {name}, so every photo gets its own output.',
    );
  });

  it('takes --max-credits as a whole number', () => {
    const result = parse({ maxCredits: '5' });
    expect(result.success && result.data.maxCredits).toBe(5);
  });

  it('refuses a negative or fractional --max-credits', () => {
    expect(parse({ maxCredits: '-1' }).error?.issues[0]?.message).toBe('--max-credits cannot be negative.');
    expect(parse({ maxCredits: '1.5' }).error?.issues[0]?.message).toBe(
      '--max-credits must be a whole number of credits.',
    );
  });
});
