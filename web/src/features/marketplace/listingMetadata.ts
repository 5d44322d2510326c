import { listingPath, listingShareImage, listingSummary, type ItemDetail } from '@flipstage/core';
import { absoluteUrl } from '../../app/PageMeta';
import type { ShareDetails } from '../../app/share';

// The summary and JSON-LD are core's, so the page the server renders for a link and the booted app agree.
export { listingStructuredData, listingSummary } from '@flipstage/core';

/** What sharing a listing sends: its title, summary, page (on the site's public URL) and first photo, all absolute. */
export function listingShareDetails(item: ItemDetail): ShareDetails {
  return {
    title: item.title,
    text: listingSummary(item),
    url: absoluteUrl(listingPath(item.id)),
    image: listingShareImage(item, absoluteUrl)?.url ?? null,
  };
}
