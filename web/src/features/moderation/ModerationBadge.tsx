import { Badge, Text } from '@mantine/core';
import type { OwnListingModeration } from '@flipstage/core';

/** What a seller sees on a listing reports took off the marketplace: a badge beside its state, and a removal's reason. */
export function ModerationBadge({ moderation }: { moderation: OwnListingModeration }) {
  return moderation.status === 'removed' ? (
    <Badge color="red" variant="filled">
      Removed
    </Badge>
  ) : (
    <Badge color="yellow" variant="filled">
      Hidden for review
    </Badge>
  );
}

export function ModerationNote({ moderation }: { moderation: OwnListingModeration }) {
  return (
    <Text size="sm" c="dimmed">
      {moderation.status === 'removed'
        ? `A moderator removed this listing from the marketplace. Reason: ${moderation.reason ?? ''}`
        : 'People reported this listing, so it is hidden from the marketplace until a moderator reviews it.'}
    </Text>
  );
}
