import { createHash } from 'node:crypto';
import { formatSubjectHint, type PromptMode, type SubjectHint } from '@flipstage/core';

export interface KeyedOptions {
  style: string;
  furnitureType: string;
  prompt: string;
  mode: PromptMode;
  hd: boolean;
  subject?: SubjectHint | undefined;
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function keyParts(contentHash: string, options: KeyedOptions): unknown[] {
  // JSON keeps the parts apart: ('ab', 'c') and ('a', 'bc') never hash alike. A mark is added
  // only when there is one, so photos staged before marks existed keep their fingerprints.
  const parts: unknown[] = [
    contentHash,
    options.style,
    options.furnitureType,
    options.prompt,
    options.mode,
    options.hd,
  ];
  if (options.subject) parts.push(formatSubjectHint(options.subject));
  return parts;
}

/** Identifies "this image with these options", the unit the state file tracks attempts for. */
export function stageFingerprint(contentHash: string, options: KeyedOptions): string {
  return sha256Hex(JSON.stringify(keyParts(contentHash, options)));
}

/**
 * The Idempotency-Key sent with /api/stage. The same image, options and attempt always give
 * the same key, so a retried or resumed request returns the first result and is never
 * charged twice; a new attempt (after a definite failure, or --force) gets a new key.
 */
export function idempotencyKey(contentHash: string, options: KeyedOptions, attempt: number): string {
  return sha256Hex(JSON.stringify([...keyParts(contentHash, options), attempt]));
}
