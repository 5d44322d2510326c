import { basename, dirname } from 'node:path';
import type { SubjectHint } from '@flipstage/core';
import type { FoundImage } from './collect.js';
import { furnitureTypeNamed } from './folderType.js';
import type { Manifest } from './manifest.js';
import { requestChoice, type StageOptions, type StageRequestChoice } from './options.js';

/**
 * What one photo is staged with: its manifest entry first, then the type its folder names
 * (`sofas/`, `beds/`), then the flags, so a mixed van-load gets the right room per piece.
 * `subject` is the manifest's mark, already in fractions of this photo.
 */
export function choiceFor(
  image: Pick<FoundImage, 'path'>,
  options: Pick<StageOptions, 'style' | 'type' | 'prompt' | 'hd'>,
  manifest: Manifest | null,
  subject?: SubjectHint,
): StageRequestChoice {
  const entry = manifest?.get(image.path);
  return requestChoice({
    style: entry?.style ?? options.style,
    type: entry?.type ?? furnitureTypeNamed(basename(dirname(image.path))) ?? options.type,
    prompt: entry?.prompt ?? options.prompt,
    hd: options.hd,
    subject,
  });
}
