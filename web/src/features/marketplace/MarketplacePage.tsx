import { useEffect, useState } from 'react';
import { Container, Stack } from '@mantine/core';
import { PageMeta } from '../../app/PageMeta';
import { useAuthStatus } from '../../backend/session';
import { ItemFormDialog, type ItemDialogTarget } from './ItemFormDialog';
import { ItemList } from './ItemList';
import { FeaturedListings, ForSellers, MarketplaceHero, QuoteBand, Testimonials } from './MarketingSections';
import { useBackend } from '../../backend/BackendContext';

/** What the address asks the create dialog to start from; every part is optional. */
export interface MarketplacePrefill {
  /** The processed image address from ?image= (spec §2). */
  imageUrl: string | undefined;
  /** ?edit=: the image edit the image came from, linked to the piece the listing goes into. */
  editId: string | undefined;
  /** ?piece=: the piece in the seller's books this listing lists. */
  pieceId: string | undefined;
}

export interface MarketplacePageProps {
  prefill: MarketplacePrefill;
  /** Called once the prefill was handled, so the query can be dropped from the address. */
  onPrefillHandled: () => void;
  /** A signed-out visitor with a prefill signs in first and comes back to the same address. */
  onSignInRequired: () => void;
}

/**
 * Spec §2/§7: ?image= is fetched as a blob, turned into a file and opens the create dialog with it;
 * ?piece= alone opens it without images. A failed fetch is only logged. Listing needs an account,
 * so a signed-out visitor signs in first.
 */
function usePrefill(
  { imageUrl: url, editId, pieceId }: MarketplacePrefill,
  openDialog: (target: ItemDialogTarget) => void,
  onHandled: () => void,
  onSignInRequired: () => void,
) {
  const { marketplace } = useBackend();
  const status = useAuthStatus();
  const wanted = Boolean(url || pieceId);
  useEffect(() => {
    if (wanted && status === 'signedOut') onSignInRequired();
  }, [wanted, status, onSignInRequired]);
  useEffect(() => {
    if (!wanted || status !== 'signedIn') return;
    const editIds = url && editId ? [editId] : [];
    if (!url) {
      openDialog({ kind: 'create', images: [], stagedFrom: [], editIds, pieceId: pieceId ?? null });
      onHandled();
      return;
    }
    const controller = new AbortController();
    marketplace
      .fetchImageFile(url, controller.signal)
      .then((file) => {
        openDialog({ kind: 'create', images: [file], stagedFrom: [url], editIds, pieceId: pieceId ?? null });
        onHandled();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Could not load the image to list: ${String(error)}`);
        // A piece asked to be listed still opens its dialog, without the photo that could not load.
        if (pieceId) {
          openDialog({ kind: 'create', images: [], stagedFrom: [], editIds: [], pieceId });
          onHandled();
        }
      });
    return () => controller.abort();
  }, [marketplace, wanted, url, editId, pieceId, status, openDialog, onHandled]);
}

export function MarketplacePage({ prefill, onPrefillHandled, onSignInRequired }: MarketplacePageProps) {
  const [dialog, setDialog] = useState<ItemDialogTarget | null>(null);
  usePrefill(prefill, setDialog, onPrefillHandled, onSignInRequired);

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
