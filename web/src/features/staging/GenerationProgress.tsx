import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Box, Progress, Text } from '@mantine/core';
import type { StageProgress } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import {
  batchPercent,
  failedLabel,
  PROGRESS_POLL_MS,
  PROGRESS_RESET_DELAY_MS,
  runningLabel,
  viewBatch,
} from './progress';
import { runningAtom, studioAtom } from './studioAtoms';
import type { StudioImage } from './studioState';

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * The photos of the batch on show: taken afresh when generation starts, joined by any photo
 * marked processing while it runs (a Generate pressed meanwhile), kept after it ends so the bar
 * can say how it went.
 */
function useBatch(running: boolean, images: readonly StudioImage[]): ReadonlySet<string> {
  const [tracked, setTracked] = useState({ running: false, ids: NO_IDS });
  let { ids } = tracked;
  if (running) {
    const processing = images.filter((img) => img.status === 'processing').map((img) => img.id);
    const base = tracked.running ? ids : NO_IDS;
    if (!tracked.running || processing.some((id) => !base.has(id))) ids = new Set([...base, ...processing]);
  }
  // Derived from the last render's batch, set during render so the new batch shows at once.
  if (running !== tracked.running || ids !== tracked.ids) setTracked({ running, ids });
  return ids;
}

/** The server's progress on the attempt with this key, asked every PROGRESS_POLL_MS; null until it answers. */
function useServerProgress(idempotencyKey: string | null): StageProgress | null {
  const backend = useBackend();
  const [answer, setAnswer] = useState<{ key: string; progress: StageProgress | null } | null>(null);
  useEffect(() => {
    const ask = backend.staging.progress?.bind(backend.staging);
    if (!idempotencyKey || !ask) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      // A failed poll changes nothing: the staging's own answer is what counts.
      const progress = await ask(idempotencyKey).catch(() => undefined);
      if (stopped) return;
      if (progress !== undefined) setAnswer({ key: idempotencyKey, progress });
      timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [backend, idempotencyKey]);
  return answer?.key === idempotencyKey ? answer.progress : null;
}

/**
 * Staging progress (issue 24): "Staging image k of n" and the phase the server reports for it, the
 * bar at the finished photos plus the current one's share. Full only when every photo of the batch
 * was staged, gone half a second later (spec §4); a failure stops it short and says which photo
 * failed, until the next generation. Space is kept for it so the results below do not jump.
 */
export function GenerationProgress() {
  const running = useAtomValue(runningAtom) > 0;
  const { images } = useAtomValue(studioAtom);
  const batch = useBatch(running, images);
  const view = viewBatch(images, batch);
  const progress = useServerProgress(running ? (view.current?.idempotencyKey ?? null) : null);
  // The batch whose full bar has had its half second; a new batch is a new set, so it shows again.
  const [doneWith, setDoneWith] = useState<ReadonlySet<string> | null>(null);
  const failed = !running && view.failed.length > 0;
  const succeeded = !running && !failed && view.total > 0;

  useEffect(() => {
    if (!succeeded) return;
    const reset = setTimeout(() => setDoneWith(batch), PROGRESS_RESET_DELAY_MS);
    return () => clearTimeout(reset);
  }, [succeeded, batch]);

  const visible = running || failed || (succeeded && doneWith !== batch);
  const percent = Math.round(batchPercent(view, progress, running));
  const label = running ? runningLabel(view, progress) : failed ? failedLabel(view) : `${percent}% complete`;
  const note = running && view.failed.length > 0 ? failedLabel(view) : null;

  return (
    <Box mih={40}>
      {visible && (
        <>
          <Text size="sm" fw={500} mb={4} c={failed ? 'red' : undefined} aria-live="polite">
            {label}
          </Text>
          <Progress.Root
            size="lg"
            role="progressbar"
            aria-label="Generation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% complete. ${label}`}
          >
            <Progress.Section value={percent} color={failed ? 'red' : undefined} animated={running} withAria={false} />
          </Progress.Root>
          {note && (
            <Text size="xs" c="red" mt={4}>
              {note}
            </Text>
          )}
        </>
      )}
    </Box>
  );
}
