import { Alert, Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { SITE_LABELS, type ItemDetail, type MarketplacePost } from '@flipstage/core';
import { bySite } from './PostsList';
import { useSetPostState } from './marketplacesQueries';

/**
 * Sold or reserved here: every other site the piece is still recorded as posted on, to take it
 * down from, its post one click away; ticking one records it as taken down. eBay is in the list
 * only when its post is still up (its own card withdraws the offer).
 */
export function TakeDownChecklist({ item, posts }: { item: ItemDetail; posts: readonly MarketplacePost[] }) {
  const setState = useSetPostState(item.id);
  const live = posts.filter((post) => post.state === 'posted');
  const done = posts.filter((post) => post.state === 'taken-down');
  if (live.length === 0 && done.length === 0) return null;
  const why = item.state === 'sold' ? 'sold' : 'reserved';
  return (
    <Alert color={live.length > 0 ? 'red' : 'teal'} title={`It is ${why}: take it down elsewhere`}>
      <Stack gap="xs">
        <Text size="sm">
          {live.length > 0
            ? 'Buyers on these sites still see it. Open each post, take it down there, and tick it off.'
            : 'It is taken down everywhere it was posted.'}
        </Text>
        <Stack
          gap={6}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Sites to take it down from"
        >
          {[...live, ...done].sort(bySite).map((post) => (
            <Group key={post.site} gap="sm" component="li">
              <Checkbox
                label={`Taken down from ${SITE_LABELS[post.site]}`}
                checked={post.state === 'taken-down'}
                disabled={setState.isPending}
                onChange={(event) =>
                  setState.mutate({
                    itemId: item.id,
                    site: post.site,
                    state: event.currentTarget.checked ? 'taken-down' : 'posted',
                  })
                }
              />
              {post.url && (
                <Anchor size="sm" c="dark" underline="always" href={post.url} target="_blank" rel="noopener noreferrer">
                  Open it on {SITE_LABELS[post.site]}
                </Anchor>
              )}
            </Group>
          ))}
        </Stack>
        {setState.error && (
          <Text size="sm" c="red" role="alert">
            {setState.error.message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
