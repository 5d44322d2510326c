import type { ItemDetail } from '@flipstage/core';
import { ShareButton } from '../../app/ShareButton';
import { listingShareDetails } from './listingMetadata';

/** Share on a listing's page: its public link, title, summary and first photo. */
export function ShareListing({ item }: { item: ItemDetail }) {
  return <ShareButton details={listingShareDetails(item)} />;
}
