import { describe, expect, it } from 'vitest';
import { idempotencyKey, sha256Hex, stageFingerprint, type KeyedOptions } from '../../src/stage/idempotency.js';

const options: KeyedOptions = { style: 'modern', furnitureType: 'sofa', prompt: 'a room', mode: 'auto', hd: false };
const content = sha256Hex(new Uint8Array([1, 2, 3]));

describe('idempotency keys', () => {
  it('stay as they were for a photo without a mark, so earlier runs are still recognised', () => {
    expect(stageFingerprint(content, { ...options, subject: undefined })).toBe(
      sha256Hex(JSON.stringify([content, 'modern', 'sofa', 'a room', 'auto', false])),
    );
  });

  it('change with the marked piece', () => {
    const box = { kind: 'box', x: 0.1, y: 0.2, width: 0.6, height: 0.7 } as const;
    expect(idempotencyKey(content, { ...options, subject: box }, 1)).not.toBe(idempotencyKey(content, options, 1));
    expect(stageFingerprint(content, { ...options, subject: box })).not.toBe(
      stageFingerprint(content, { ...options, subject: { ...box, x: 0.2 } }),
    );
  });

  it('are the same for the same content, options and attempt', () => {
    expect(idempotencyKey(content, { ...options }, 1)).toBe(idempotencyKey(content, options, 1));
  });

  it('change with the attempt number', () => {
    expect(idempotencyKey(content, options, 2)).not.toBe(idempotencyKey(content, options, 1));
  });

  it('change with the image content', () => {
    expect(idempotencyKey(sha256Hex(new Uint8Array([1, 2, 4])), options, 1)).not.toBe(
      idempotencyKey(content, options, 1),
    );
  });

  it.each<[keyof KeyedOptions, KeyedOptions[keyof KeyedOptions]]>([
    ['style', 'coastal'],
    ['furnitureType', 'bed'],
    ['prompt', 'another room'],
    ['mode', 'custom'],
    ['hd', true],
  ])('change with %s', (field, value) => {
    expect(idempotencyKey(content, { ...options, [field]: value }, 1)).not.toBe(idempotencyKey(content, options, 1));
  });

  it('keep neighbouring fields apart', () => {
    const a = idempotencyKey(content, { ...options, style: 'ab', furnitureType: 'c' }, 1);
    const b = idempotencyKey(content, { ...options, style: 'a', furnitureType: 'bc' }, 1);
    expect(a).not.toBe(b);
  });

  it('fit the API limit of 200 characters', () => {
    expect(idempotencyKey(content, options, 99).length).toBeLessThanOrEqual(200);
  });

  it('differ from the fingerprint, which ignores the attempt', () => {
    expect(stageFingerprint(content, options)).not.toBe(idempotencyKey(content, options, 1));
    expect(stageFingerprint(content, options)).toBe(stageFingerprint(content, { ...options }));
  });
});
