import { useState } from 'react';
import { Accordion, Alert, Center, Loader, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { marketplacesAllowed, SITE_LABELS, type ItemDetail } from '@flipstage/core';
import { priceIdConfig } from '../../backend/config';
import { ApiError } from '../../backend/http';
import { useMergedUser, useMergedUserFailure } from '../../backend/session';
import { MarketplacesUpsell } from './MarketplacesUpsell';
import { PostsList } from './PostsList';
import { SiteKitCard } from './SiteKitCard';
import { StagedPhotosPicker } from './StagedPhotosPicker';
import { TakeDownChecklist } from './TakeDownChecklist';
import { useListingKit, useListingPosts } from './marketplacesQueries';
import { EbayCard } from './ebay/EbayCard';

const HEADING_ID = 'post-to-marketplaces';

function KitsLoading() {
  return (
    <Center py="md">
      <Loader size="sm" />
      <VisuallyHidden>Loading the kits</VisuallyHidden>
    </Center>
  );
}

/** The kits, where the listing is posted and, once it is sold or reserved, where to take it down. */
function MarketplacesKits({ item }: { item: ItemDetail }) {
  // Undefined until the seller changes it: the server's guess stands until then.
  const [chosen, setChosen] = useState<number[] | undefined>(undefined);
  const kit = useListingKit(item.id, chosen);
  const posts = useListingPosts(item.id);
  if (kit.error instanceof ApiError && kit.error.status === 403) return <MarketplacesUpsell />;
  const error = kit.error ?? posts.error;
  if (error) return <Alert color="red" role="alert" title="The kits could not be loaded">{error.message}</Alert>;
  if (!kit.data || !posts.data) return <KitsLoading />;
  const staged = kit.data.stagedPhotos;
  return (
    <Stack gap="md">
      {(item.state === 'sold' || item.reserved) && <TakeDownChecklist item={item} posts={posts.data} />}
      <PostsList posts={posts.data} />
      {/* eBay, published through its API, before the kits. */}
      <EbayCard item={item} staged={staged} />
      <StagedPhotosPicker thumbs={item.thumbs} staged={staged} onChange={setChosen} />
      <Accordion variant="separated" multiple>
        {kit.data.sites.map((site) => (
          <Accordion.Item key={site.site} value={site.site}>
            <Accordion.Control>{SITE_LABELS[site.site]} kit</Accordion.Control>
            <Accordion.Panel>
              <SiteKitCard
                itemId={item.id}
                kit={site}
                staged={staged}
                post={posts.data.find((post) => post.site === site.site)}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

/**
 * "Post to marketplaces" on the seller's own listing (issue 41), loaded with the first listing its
 * owner opens. The plan decides on the server; this only spares a Base or free seller a refusal.
 */
export default function MarketplacesPanel({ item }: { item: ItemDetail }) {
  const user = useMergedUser();
  const failure = useMergedUserFailure();
  // Until the account is read its plan is unknown: no upsell flashes before a Flipper seller's kits.
  const loading = user === null && failure === null;
  const allowed = user !== null && marketplacesAllowed(user.planId, user.stripeSubscriptionStatus, priceIdConfig());
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Title order={2} size="h4" id={HEADING_ID}>
          Post to marketplaces
        </Title>
        {loading ? <KitsLoading /> : allowed ? <MarketplacesKits item={item} /> : <MarketplacesUpsell />}
      </Stack>
    </Paper>
  );
}
