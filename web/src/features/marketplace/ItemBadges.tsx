import { Badge } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ItemState } from '@flipstage/core';

/** Sold, Reserved (an accepted offer or the seller's mark, beside the active state) or Active. */
export function StateBadge({ state, reserved = false }: { state: ItemState; reserved?: boolean }) {
  if (state === 'sold') {
    return (
      <Badge color="dark" variant="filled">
        Sold
      </Badge>
    );
  }
  return (
    <Badge color={reserved ? 'orange' : 'teal'} variant="filled">
      {reserved ? 'Reserved' : 'Active'}
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
