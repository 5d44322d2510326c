import { Anchor, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MARKETPLACE_SITES, SITE_LABELS, type MarketplacePost, type PostState } from '@flipstage/core';

const STATE_LABELS: Record<PostState, { label: string; color: string }> = {
  posted: { label: 'Posted', color: 'teal' },
  'taken-down': { label: 'Taken down', color: 'gray' },
  sold: { label: 'Sold there', color: 'blue' },
};

export const bySite = (a: MarketplacePost, b: MarketplacePost) =>
  MARKETPLACE_SITES.indexOf(a.site) - MARKETPLACE_SITES.indexOf(b.site);

/** Where the listing is posted outside FlipStage, each post's state and its page. */
export function PostsList({ posts }: { posts: readonly MarketplacePost[] }) {
  if (posts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not posted on any other marketplace yet.
      </Text>
    );
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Where it is posted">
      {[...posts].sort(bySite).map((post) => (
        <Group key={post.site} gap="sm" component="li" wrap="nowrap">
          <Text size="sm" fw={600} miw={170}>
            {SITE_LABELS[post.site]}
          </Text>
          <Badge variant="light" color={STATE_LABELS[post.state].color}>
            {STATE_LABELS[post.state].label}
          </Badge>
          {post.url && (
            <Anchor size="sm" href={post.url} target="_blank" rel="noopener noreferrer">
              Open the post<VisuallyHidden> on {SITE_LABELS[post.site]}</VisuallyHidden>
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}
