import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { formatPrice, PRICE_CURRENCY, type ItemDetail } from '@flipstage/core';
import { AnchorLink, ButtonLink } from '../../app/links';
import { absoluteUrl, PageMeta } from '../../app/PageMeta';
import { useAuthUser } from '../../backend/session';
import { ListingContact } from '../messages/ListingContact';
import { DeleteListing } from './DeleteListing';
import { AiStagedBadge, StateBadge } from './ItemBadges';
import { ItemFormDialog } from './ItemFormDialog';
import { ListingFacts, ListingSeller } from './ListingFacts';
import { MoreFromSeller } from './MoreFromSeller';
import { isMissingItem, useItem } from './itemQueries';
import { ListingGallery } from './ListingGallery';
import { ShareListing } from './ShareListing';
import { listingStructuredData, listingSummary } from './listingMetadata';

/** The owner's "Post to marketplaces" panel, loaded only when an owner opens their own listing. */
const MarketplacesPanel = lazy(() => import('../marketplaces/MarketplacesPanel'));

const listingPath = (id: string) => `/marketplace/${id}`;

function BackToMarketplace() {
  return (
    <AnchorLink to="/marketplace" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Back to Marketplace
      </Group>
    </AnchorLink>
  );
}

function ListingNotFound({ id }: { id: string }) {
  return (
    <Container size="sm" py={96}>
      <PageMeta title="Listing not found" description="This listing does not exist." path={listingPath(id)} noIndex />
      <Stack align="center" gap="md">
        <Title order={1}>Listing not found</Title>
        <Text c="dimmed" ta="center">
          This listing does not exist: it may have been taken down, or the link may be incomplete.
        </Text>
        <ButtonLink to="/marketplace">Browse the Marketplace</ButtonLink>
      </Stack>
    </Container>
  );
}

/**
 * What a buyer reads and what a shared link shows: photos, price, state, seller, the facts buyers
 * ask and the seller's other listings; Edit and Delete listing for the owner.
 */
function Listing({ item, canEdit }: { item: ItemDetail; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const path = listingPath(item.id);
  const images = item.images.map(absoluteUrl);
  const sold = item.state === 'sold';
  return (
    <Container size="lg" py="xl">
      <PageMeta title={item.title} description={listingSummary(item)} path={path} image={images[0]} type="product" />
      <meta property="product:price:amount" content={item.price.toFixed(2)} />
      <meta property="product:price:currency" content={PRICE_CURRENCY} />
      <meta property="product:availability" content={sold ? 'out of stock' : 'in stock'} />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: listingStructuredData(item, absoluteUrl(path), images) }}
      />
      <Stack gap="lg">
        <BackToMarketplace />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <ListingGallery title={item.title} images={item.images} thumbs={item.thumbs} variants={item.variants} />
          <Stack gap="md">
            <Title order={1}>{item.title}</Title>
            <Group gap="sm" align="center">
              <Text fz={28} fw={800}>
                {formatPrice(item.price)}
              </Text>
              <StateBadge state={item.state} reserved={item.reserved} />
              {item.aiStaged && <AiStagedBadge />}
            </Group>
            {sold && <Text fw={600}>This piece has been sold.</Text>}
            <ListingSeller item={item} />
            <ListingContact item={item} />
            <Group>
              <ShareListing item={item} />
            </Group>
            {canEdit && (
              <Group>
                <Button
                  variant="outline"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
                <DeleteListing item={item} />
              </Group>
            )}
            {canEdit && (
              <Suspense fallback={null}>
                <MarketplacesPanel item={item} />
              </Suspense>
            )}
            <ListingFacts item={item} />
            <Stack gap={4}>
              <Title order={2} size="h4">
                Description
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{item.description}</Text>
              {item.aiStaged && (
                <Text size="sm" c="dimmed">
                  The room in these photos was created with AI staging.
                </Text>
              )}
            </Stack>
            {item.tags.length > 0 && (
              <Stack gap={4}>
                <Title order={2} size="h4">
                  Tags
                </Title>
                <Group gap={6}>
                  {item.tags.map((tag) => (
                    <Badge key={tag} variant="outline" color="gray">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
          </Stack>
        </SimpleGrid>
        <MoreFromSeller item={item} />
      </Stack>
      <ItemFormDialog target={editing ? { kind: 'edit', item } : null} onClose={() => setEditing(false)} />
    </Container>
  );
}

/** /marketplace/{id}: one listing for anyone, sold ones included; an unknown id is a not-found page. */
export function ListingPage({ id }: { id: string }) {
  const item = useItem(id);
  const uid = useAuthUser()?.uid ?? null;
  if (item.data) return <Listing item={item.data} canEdit={uid !== null && item.data.owner === uid} />;
  if (item.error && isMissingItem(item.error)) return <ListingNotFound id={id} />;
  return (
    <Container size="lg" py="xl">
      <PageMeta
        title="Marketplace listing"
        description="A listing on the FlipStage marketplace."
        path={listingPath(id)}
      />
      <Stack gap="lg">
        <BackToMarketplace />
        {item.error ? (
          <Alert color="red" role="alert" title="This listing could not be loaded">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{item.error.message}</Text>
              <Button size="xs" variant="outline" color="red" onClick={() => void item.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Center py="xl">
            <Loader />
            <VisuallyHidden>Loading the listing</VisuallyHidden>
          </Center>
        )}
      </Stack>
    </Container>
  );
}
