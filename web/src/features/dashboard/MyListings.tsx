/**
 * "My listings" on the dashboard (issue 25): every listing of the user, active, reserved or sold,
 * each opening its page; one that reports took off the marketplace says so, and why (issue 40).
 */
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { AnchorLink, ButtonLink } from '../../app/links';
import { StateBadge } from '../marketplace/ItemBadges';
import { formatPrice } from '@flipstage/core';
import { useOwnListings } from '../marketplace/sellerQueries';
import { ModerationBadge, ModerationNote } from '../moderation/ModerationBadge';
import { useOwnListingModeration } from '../moderation/moderationQueries';

export function MyListings({ uid }: { uid: string }) {
  const listings = useOwnListings(uid);
  const moderated = useOwnListingModeration(uid);
  if (listings.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <VisuallyHidden>Loading your listings</VisuallyHidden>
      </Group>
    );
  }
  if (listings.error) {
    return (
      <Alert color="red" role="alert" title="Your listings could not be loaded">
        <Anchor component="button" type="button" size="sm" onClick={() => void listings.refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  }
  const items = listings.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <Group gap="sm">
        <Text c="dimmed">You have no listings yet.</Text>
        <ButtonLink to="/marketplace" variant="outline" size="xs">
          Go to the Marketplace
        </ButtonLink>
      </Group>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Stack gap="xs" component="ul" p={0} m={0} w="100%" style={{ listStyle: 'none' }} aria-label="My listings">
        {items.map((item) => {
          const moderation = moderated.get(item.id);
          return (
            <Card key={item.id} component="li" withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <AnchorLink to="/marketplace/$id" params={{ id: item.id }} fw={600} lineClamp={1}>
                  {item.title}
                </AnchorLink>
                <Group gap="sm" wrap="nowrap">
                  <Text fw={600}>{formatPrice(item.price)}</Text>
                  <StateBadge state={item.state} reserved={item.reserved} />
                  {moderation && <ModerationBadge moderation={moderation} />}
                </Group>
              </Group>
              {moderation && <ModerationNote moderation={moderation} />}
            </Card>
          );
        })}
      </Stack>
      {listings.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          loading={listings.isFetchingNextPage}
          onClick={() => void listings.fetchNextPage()}
        >
          Show more listings
        </Button>
      )}
    </Stack>
  );
}
