import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors/exitCodes.js';
import { STATE_FILE_NAME, StateFile, nextAttempt, type AttemptRecord } from '../../src/stage/stateFile.js';

const record = (status: AttemptRecord['status'], attempt = 1): AttemptRecord => ({
  attempt,
  status,
  source: 'a.jpg',
  output: 'a.staged.jpg',
  at: '2026-01-01T00:00:00.000Z',
});

describe('nextAttempt', () => {
  it('starts at 1 for an image never tried', () => {
    expect(nextAttempt(undefined, false)).toBe(1);
  });

  it('reuses the attempt of a request left in flight (a killed run)', () => {
    expect(nextAttempt(record('in-flight', 2), false)).toBe(2);
  });

  it('moves to a new attempt after a definite failure', () => {
    expect(nextAttempt(record('failed', 2), false)).toBe(3);
  });

  it('reuses a done attempt, so a deleted output is fetched again without a charge', () => {
    expect(nextAttempt(record('done', 1), false)).toBe(1);
  });

  it('moves to a new attempt for a done image with --force', () => {
    expect(nextAttempt(record('done', 1), true)).toBe(2);
  });
});

describe('StateFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-state-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts empty when the folder has no state yet', async () => {
    expect((await StateFile.open(dir)).get('abc')).toBeUndefined();
  });

  it('persists records for the next run', async () => {
    const state = await StateFile.open(dir);
    await state.set('abc', { attempt: 1, status: 'in-flight', source: 'a.jpg', output: 'a.staged.jpg' });
    await state.set('def', { attempt: 2, status: 'done', source: 'b.jpg', output: 'b.staged.jpg', editId: 'e1' });
    const reopened = await StateFile.open(dir);
    expect(reopened.get('abc')).toMatchObject({ attempt: 1, status: 'in-flight' });
    expect(reopened.get('def')).toMatchObject({ attempt: 2, status: 'done', editId: 'e1' });
  });

  it('refuses a damaged state file without overwriting it', async () => {
    await writeFile(join(dir, STATE_FILE_NAME), '{"version":1,"images":');
    await expect(StateFile.open(dir)).rejects.toBeInstanceOf(CliError);
    expect(await readFile(join(dir, STATE_FILE_NAME), 'utf8')).toBe('{"version":1,"images":');
  });
});

describe('StateFile.isDone', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-done-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is true only for a done record saved under the same output', async () => {
    const state = await StateFile.open(dir);
    await state.set('f', { attempt: 1, status: 'done', source: 'a.jpg', output: 'a.staged.jpg' });
    expect(state.isDone('f', 'a.staged.jpg')).toBe(true);
    expect(state.isDone('f', 'a.coastal.jpg')).toBe(false);
    expect(state.isDone('other', 'a.staged.jpg')).toBe(false);
  });

  it('is false for an image still in flight', async () => {
    const state = await StateFile.open(dir);
    await state.set('f', { attempt: 1, status: 'in-flight', source: 'a.jpg', output: 'a.staged.jpg' });
    expect(state.isDone('f', 'a.staged.jpg')).toBe(false);
  });
});
