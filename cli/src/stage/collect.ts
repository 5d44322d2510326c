import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { usageError } from '../errors/exitCodes.js';
import { sniffFile, type ImageKind } from './sniff.js';

export interface FoundImage {
  /** Absolute path. */
  path: string;
  /** The path as the user would recognise it (relative to what they passed). */
  display: string;
  /** Sub-folder below the folder argument ('' for files passed directly), mirrored in the output. */
  subdir: string;
  kind: ImageKind;
}

export interface SkippedFile {
  file: string;
  reason: string;
}

export interface Collected {
  images: FoundImage[];
  skipped: SkippedFile[];
}

export const SKIP_REASONS = {
  notAnImage: 'not an image',
  folder: 'folder (add --recursive to include it)',
  stagedOutput: 'a FlipStage output',
  alreadyStaged: 'already staged with these options (use --force to stage it again)',
} as const;

/**
 * Our own outputs (and their half-written downloads) are never inputs, even when --out is the
 * input folder: default-named ones anywhere, and in --out those the --name template makes.
 */
const OUTPUT_NAME = /\.staged\.jpg(\.part)?$/i;

/**
 * Finds the image files among the arguments (files and folders), by content. Everything else
 * is reported as skipped, with a reason. The output folder is never read when it sits inside
 * an input folder, so staged outputs are not staged again.
 */
export async function collectImages(
  inputs: readonly string[],
  options: { recursive: boolean; excludeDir: string; cwd: string; outputName?: RegExp | null },
): Promise<Collected> {
  const images: FoundImage[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set<string>();
  const excluded = resolve(options.cwd, options.excludeDir);

  async function consider(path: string, display: string, subdir: string): Promise<void> {
    if (seen.has(path)) return;
    seen.add(path);
    if (OUTPUT_NAME.test(path) || (dirname(path) === excluded && options.outputName?.test(basename(path)))) {
      skipped.push({ file: display, reason: SKIP_REASONS.stagedOutput });
      return;
    }
    const kind = await sniffFile(path);
    if (kind) images.push({ path, display, subdir, kind });
    else skipped.push({ file: display, reason: SKIP_REASONS.notAnImage });
  }

  async function walk(dir: string, display: string, subdir: string): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const shown = join(display, entry.name);
      const info = entry.isSymbolicLink() ? await stat(path).catch(() => null) : entry;
      if (!info) continue;
      if (info.isDirectory()) {
        if (path === excluded) continue;
        if (options.recursive) await walk(path, shown, join(subdir, entry.name));
        else skipped.push({ file: shown, reason: SKIP_REASONS.folder });
      } else if (info.isFile()) {
        await consider(path, shown, subdir);
      }
    }
  }

  for (const input of inputs) {
    const path = resolve(options.cwd, input);
    const info = await stat(path).catch(() => null);
    if (!info) throw usageError(`No such file or folder: ${input}`);
    if (info.isDirectory()) await walk(path, input, '');
    else await consider(path, input, '');
  }
  return { images, skipped };
}
