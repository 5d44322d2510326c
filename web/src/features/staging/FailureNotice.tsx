import { useId } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { StageFailure } from './studioState';
import { creditNote } from './failures';

/**
 * Why the photo's last staging failed, in the server's words, what it meant for the seller's
 * credits, and a Retry where sending it again can help (issue 24). Not an alert: the progress
 * line announces the failure once, and this stays on the card to be read.
 */
export function FailureNotice({
  failure,
  imageNumber,
  onRetry,
}: {
  failure: StageFailure;
  imageNumber: number;
  onRetry: () => void;
}) {
  const titleId = useId();
  const note = creditNote(failure);
  return (
    <Alert
      role="group"
      aria-labelledby={titleId}
      variant="light"
      color="red"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={<span id={titleId}>Image {imageNumber} was not staged</span>}
    >
      <Stack gap="xs">
        <Text size="sm">{failure.message}</Text>
        {note && (
          <Text size="sm" fw={600}>
            {note}
          </Text>
        )}
        {failure.retryable && (
          <Group>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRetry}
            >
              Retry
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
