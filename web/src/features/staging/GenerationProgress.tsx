import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Box, Progress, Text } from '@mantine/core';
import { PROGRESS_RESET_DELAY_MS, PROGRESS_TICK_MS, progressPercent } from './progress';
import { runningAtom } from './studioAtoms';

/**
 * Percent complete while generations run; full on finish, gone half a second later (spec §4). A bar
 * reading "0% complete" while nothing stages says nothing, so it shows only then, in space kept for
 * it so that the results below do not jump each time it comes and goes.
 */
export function GenerationProgress() {
  const running = useAtomValue(runningAtom) > 0;
  const [percent, setPercent] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (running) {
      const startedAt = Date.now();
      setVisible(true);
      setPercent(0);
      const timer = setInterval(() => setPercent(progressPercent(Date.now() - startedAt)), PROGRESS_TICK_MS);
      return () => clearInterval(timer);
    }
    setPercent(100);
    const reset = setTimeout(() => {
      setVisible(false);
      setPercent(0);
    }, PROGRESS_RESET_DELAY_MS);
    return () => clearTimeout(reset);
  }, [running]);

  const rounded = Math.round(percent);
  return (
    <Box mih={40}>
      {visible && (
        <>
          <Text size="sm" fw={500} mb={4} aria-hidden>
            {rounded}% complete
          </Text>
          <Progress value={rounded} size="lg" animated={running} aria-label="Generation progress" />
        </>
      )}
    </Box>
  );
}
