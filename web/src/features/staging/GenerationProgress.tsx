import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Progress, Text } from '@mantine/core';
import { PROGRESS_RESET_DELAY_MS, PROGRESS_TICK_MS, progressPercent } from './progress';
import { runningAtom } from './studioAtoms';

/** Percent complete while generations run; full on finish, back to 0 half a second later (spec §4). */
export function GenerationProgress() {
  const running = useAtomValue(runningAtom) > 0;
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    if (running) {
      const startedAt = Date.now();
      setPercent(0);
      const timer = setInterval(() => setPercent(progressPercent(Date.now() - startedAt)), PROGRESS_TICK_MS);
      return () => clearInterval(timer);
    }
    setPercent((current) => (current > 0 ? 100 : 0));
    const reset = setTimeout(() => setPercent(0), PROGRESS_RESET_DELAY_MS);
    return () => clearTimeout(reset);
  }, [running]);

  const rounded = Math.round(percent);
  return (
    <div>
      <Text size="sm" fw={500} mb={4} aria-hidden>
        {rounded}% complete
      </Text>
      <Progress value={rounded} size="lg" animated={running} aria-label="Generation progress" />
    </div>
  );
}
