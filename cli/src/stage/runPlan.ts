import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MESSAGES } from '@flipstage/core';
import { usageError } from '../errors/exitCodes.js';
import { withinBudget } from './budget.js';
import { SKIP_REASONS, collectImages, type SkippedFile } from './collect.js';
import { sha256Hex, stageFingerprint } from './idempotency.js';
import { readManifest } from './manifest.js';
import { describeMark, subjectHintFor } from './mark.js';
import type { StageOptions } from './options.js';
import { outputNamePattern } from './outputName.js';
import { assignOutputs, type PlannedImage } from './outputs.js';
import { choiceFor } from './photoOptions.js';
import { StateFile } from './stateFile.js';

export interface RunPlan {
  outDir: string;
  /** Staged by this run, in path order. */
  toStage: PlannedImage[];
  /** Staged before with the same content and options, and still on disk. */
  alreadyStaged: PlannedImage[];
  /** Beyond --max-credits: left for a later run. */
  later: PlannedImage[];
  skipped: SkippedFile[];
}

/** Code-unit order, the same on every machine and locale, so --max-credits picks the same photos each time. */
const byPath = (a: PlannedImage, b: PlannedImage) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

async function isStaged(image: PlannedImage, outDir: string, state: StateFile): Promise<boolean> {
  const fingerprint = stageFingerprint(sha256Hex(await readFile(image.path)), image.choice);
  if (!state.isDone(fingerprint, image.output)) return false;
  return stat(join(outDir, image.output)).then(
    (info) => info.isFile(),
    () => false,
  );
}

function assertNoPhotoOverwritten(images: readonly PlannedImage[], outDir: string, template: string): void {
  const photos = new Map(images.map((image) => [image.path, image.display]));
  for (const image of images) {
    const overwritten = photos.get(join(outDir, image.output));
    if (overwritten)
      throw usageError(
        `--name "${template}" would write over the photo ${overwritten}. Choose another --name or --out.`,
      );
  }
}

/** Which photos this run stages, with what, into which file, and which it leaves alone and why. */
export async function planRun(options: StageOptions, cwd: string): Promise<RunPlan> {
  const outDir = resolve(cwd, options.out);
  const outInfo = await stat(outDir).catch(() => null);
  if (outInfo && !outInfo.isDirectory()) throw usageError(`--out ${options.out} is a file, not a folder.`);
  const manifest = options.manifest ? await readManifest(options.manifest, cwd) : null;
  const collected = await collectImages(options.inputs, {
    recursive: options.recursive,
    excludeDir: outDir,
    cwd,
    outputName: outputNamePattern(options.name),
  });
  if (collected.images.length === 0) throw usageError(MESSAGES.noValidImages);
  const chosen = [];
  for (const image of collected.images) {
    const mark = manifest?.get(image.path)?.subject;
    const subject = mark ? await subjectHintFor(mark, image.path) : undefined;
    chosen.push({ ...image, choice: choiceFor(image, options, manifest, subject) });
  }
  const planned = assignOutputs(chosen, options.name);
  assertNoPhotoOverwritten(planned, outDir, options.name);

  const state = await StateFile.open(outDir);
  const pending: PlannedImage[] = [];
  const alreadyStaged: PlannedImage[] = [];
  for (const image of planned) {
    const staged = !options.force && (await isStaged(image, outDir, state));
    (staged ? alreadyStaged : pending).push(image);
  }
  const { now, later } = withinBudget(pending.sort(byPath), options.maxCredits);
  const skipped = [
    ...collected.skipped,
    ...alreadyStaged.map((image) => ({ file: image.display, reason: SKIP_REASONS.alreadyStaged })),
  ];
  return { outDir, toStage: now, alreadyStaged, later, skipped };
}

export type PlannedAction = 'stage' | 'skip (done)' | 'later (--max-credits)';

export interface PlanRow {
  file: string;
  output: string;
  type: string;
  style: string;
  prompt?: string;
  /** The manifest's mark, e.g. `box 0.1,0.2,0.6,0.7`. */
  mark?: string;
  action: PlannedAction;
}

/** Every photo of the plan in path order, with what it would be staged with and what happens to it. */
export function planRows(plan: Pick<RunPlan, 'toStage' | 'alreadyStaged' | 'later'>): PlanRow[] {
  const rows = (images: readonly PlannedImage[], action: PlannedAction) => images.map((image) => ({ image, action }));
  return [
    ...rows(plan.toStage, 'stage'),
    ...rows(plan.alreadyStaged, 'skip (done)'),
    ...rows(plan.later, 'later (--max-credits)'),
  ]
    .sort((a, b) => byPath(a.image, b.image))
    .map(({ image, action }) => ({
      file: image.display,
      output: image.output,
      type: image.choice.furnitureType,
      style: image.choice.style,
      ...(image.choice.mode === 'custom' ? { prompt: image.choice.prompt } : {}),
      ...(image.choice.subject ? { mark: describeMark(image.choice.subject) } : {}),
      action,
    }));
}

/** One dry-run line: `photos/sofas/a.jpg -> sofas/a.staged.jpg  sofa, farmhouse  stage`. */
export function planLine(row: PlanRow): string {
  const look = row.prompt === undefined ? `${row.type}, ${row.style}` : `${row.type}, custom prompt "${row.prompt}"`;
  return `${row.file} -> ${row.output}  ${look}${row.mark ? `, ${row.mark}` : ''}  ${row.action}`;
}
