import { Badge } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ItemState } from '@flipstage/core';

export function StateBadge({ state }: { state: ItemState }) {
  return (
    <Badge color={state === 'sold' ? 'dark' : 'teal'} variant="filled">
      {state === 'sold' ? 'Sold' : 'Active'}
    </Badge>
  );
}

/** A listing with a photo from the owner's own staging results (the API decides, not the form). */
export function AiStagedBadge() {
  return (
    <Badge color="violet" variant="light" leftSection={<IconSparkles size={12} aria-hidden />}>
      AI-staged
    </Badge>
  );
}
