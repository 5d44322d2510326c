import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { usageError } from '../errors/exitCodes.js';

export const STATE_FILE_NAME = '.flipstage-state.json';

/**
 * in-flight: sent (or about to be) without a definite answer: the next run reuses the key.
 * done: staged and saved. failed: the server refused it for good: the next run uses a new key.
 */
const recordSchema = z.object({
  attempt: z.number().int().min(1),
  status: z.enum(['in-flight', 'done', 'failed']),
  source: z.string(),
  output: z.string(),
  editId: z.string().optional(),
  reason: z.string().optional(),
  at: z.string(),
});

const stateSchema = z.object({
  version: z.literal(1),
  /** Keyed by stage fingerprint (image content + options). */
  images: z.record(z.string(), recordSchema),
});

export type AttemptRecord = z.infer<typeof recordSchema>;
export type AttemptStatus = AttemptRecord['status'];

/** Which attempt number (part of the idempotency key) the next request for an image uses. */
export function nextAttempt(record: AttemptRecord | undefined, force: boolean): number {
  if (!record) return 1;
  if (record.status === 'failed') return record.attempt + 1;
  if (record.status === 'done' && force) return record.attempt + 1;
  return record.attempt;
}

/**
 * The out folder's record of attempts, so a run killed mid-request and resumed later sends
 * the same idempotency key and is not charged again. Writes are serialised and atomic
 * (write a temp file, rename), so a kill never leaves a torn file.
 */
export class StateFile {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly images: Record<string, AttemptRecord>,
  ) {}

  static async open(outDir: string): Promise<StateFile> {
    const path = join(outDir, STATE_FILE_NAME);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new StateFile(path, {});
      throw error;
    }
    const parsed = stateSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      throw usageError(
        `${path} is damaged. Move it away to start over; without it, every photo is staged (and charged) again.`,
      );
    }
    return new StateFile(path, parsed.data.images);
  }

  get(fingerprint: string): AttemptRecord | undefined {
    return this.images[fingerprint];
  }

  /**
   * Whether this content with these options was staged and saved as `output`. The output's
   * name alone proves nothing: a re-shot photo or a new style under the same name is new work.
   */
  isDone(fingerprint: string, output: string): boolean {
    const record = this.images[fingerprint];
    return record?.status === 'done' && record.output === output;
  }

  set(fingerprint: string, record: Omit<AttemptRecord, 'at'>): Promise<void> {
    this.images[fingerprint] = { ...record, at: new Date().toISOString() };
    const snapshot = JSON.stringify({ version: 1, images: this.images }, null, 2);
    this.writing = this.writing.then(async () => {
      const temp = `${this.path}.tmp`;
      await writeFile(temp, `${snapshot}\n`);
      await rename(temp, this.path);
    });
    return this.writing;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
