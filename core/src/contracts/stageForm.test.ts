import { describe, expect, it } from 'vitest';
import { stageFieldsSchema } from '../schemas.js';
import { MESSAGES } from '../messages.js';
import { stageResponseSchema } from './stage.js';
import { STAGE_FILE_FIELD, stageFormEntries, stageTextFields } from './stageForm.js';

const fields = { prompt: 'a sunny loft', style: 'modern', furnitureType: 'sofa', mode: 'custom' } as const;

describe('stageFormEntries', () => {
  it('names the file field and the four text fields, in order', () => {
    expect(stageFormEntries(fields)).toEqual({
      fileField: 'imageFile',
      entries: [
        ['prompt', 'a sunny loft'],
        ['style', 'modern'],
        ['furnitureType', 'sofa'],
        ['mode', 'custom'],
      ],
    });
  });

  it('adds size and variant only when given', () => {
    const { entries } = stageFormEntries({ ...fields, size: 'hd', variant: 2 });
    expect(entries.slice(4)).toEqual([
      ['size', 'hd'],
      ['variant', '2'],
    ]);
  });

  it('builds a FormData the server reads back with the same names', async () => {
    const { fileField, entries } = stageFormEntries({ ...fields, variant: 1 });
    const form = new FormData();
    form.append(fileField, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'chair.jpg');
    for (const [name, value] of entries) form.append(name, value);

    const received: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') received[name] = value;
    expect(form.get(STAGE_FILE_FIELD)).toBeInstanceOf(Blob);
    const parsed = stageFieldsSchema.parse(stageTextFields(received));
    expect(parsed).toEqual({ ...fields, variant: 1 });
  });
});

describe('stageTextFields', () => {
  it('keeps the stage form’s fields and drops anything else', () => {
    expect(stageTextFields({ prompt: 'p', size: 'hd', owner: 'someone-else', imageFile: 'x' })).toEqual({
      prompt: 'p',
      size: 'hd',
    });
  });
});

describe('stage schemas', () => {
  it('refuses a malformed form with the API’s own message', () => {
    const parsed = stageFieldsSchema.safeParse(stageTextFields({ mode: 'sideways' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.invalidMode);
  });

  it('refuses a response without the credits left', () => {
    const parsed = stageResponseSchema.safeParse({ editId: 'e1', inputUrl: '/in.jpg', outputUrl: '/out.jpg' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['creditsRemaining']);
  });
});
