import { useEffect, useState } from 'react';
import { Container, Stack } from '@mantine/core';
import { PageMeta } from '../../app/PageMeta';
import { useAuthStatus } from '../../backend/session';
import { ItemFormDialog, type ItemDialogTarget } from './ItemFormDialog';
import { ItemList } from './ItemList';
import { FeaturedListings, ForSellers, MarketplaceHero, QuoteBand, Testimonials } from './MarketingSections';
import { useBackend } from '../../backend/BackendContext';

export interface MarketplacePageProps {
  /** The processed image address from ?image= (spec §2), or undefined. */
  prefillImageUrl: string | undefined;
  /** Called once the prefill was handled, so the query can be dropped from the address. */
  onPrefillHandled: () => void;
  /** A signed-out visitor with ?image= signs in first and comes back to the same address. */
  onSignInRequired: () => void;
}

/**
 * Spec §2/§7: ?image= is fetched as a blob, turned into a file and opens the create dialog with it.
 * A failed fetch is only logged. Listing needs an account, so a signed-out visitor signs in first.
 */
function usePrefilledImage(
  url: string | undefined,
  openDialog: (target: ItemDialogTarget) => void,
  onHandled: () => void,
  onSignInRequired: () => void,
) {
  const { marketplace } = useBackend();
  const status = useAuthStatus();
  useEffect(() => {
    if (url && status === 'signedOut') onSignInRequired();
  }, [url, status, onSignInRequired]);
  useEffect(() => {
    if (!url || status !== 'signedIn') return;
    const controller = new AbortController();
    marketplace
      .fetchImageFile(url, controller.signal)
      .then((file) => {
        openDialog({ kind: 'create', images: [file], stagedFrom: [url] });
        onHandled();
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(`Could not load the image to list: ${String(error)}`);
      });
    return () => controller.abort();
  }, [marketplace, url, status, openDialog, onHandled]);
}

export function MarketplacePage({ prefillImageUrl, onPrefillHandled, onSignInRequired }: MarketplacePageProps) {
  const [dialog, setDialog] = useState<ItemDialogTarget | null>(null);
  usePrefilledImage(prefillImageUrl, setDialog, onPrefillHandled, onSignInRequired);

  return (
    <Container size="lg" py="xl">
      <PageMeta
        title="Marketplace"
        description="Browse, search and list staged furniture from flippers, resellers and designers."
        path="/marketplace"
      />
      <Stack gap={56}>
        <MarketplaceHero />
        <QuoteBand />
        <FeaturedListings />
        <ForSellers />
        <Testimonials />
        <ItemList onOpenDialog={setDialog} />
      </Stack>
      <ItemFormDialog target={dialog} onClose={() => setDialog(null)} />
    </Container>
  );
}
