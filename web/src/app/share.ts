/**
 * Sharing a page or a picture (issue 25; spec §2: Share opens a social sharing window): the
 * system's share sheet (Web Share API) where the browser has one, else the networks' own share
 * pages. Every link shared is absolute, on the site's public URL (PageMeta's absoluteUrl).
 */

export interface ShareDetails {
  title: string;
  text: string;
  /** The page shared, absolute. */
  url: string;
  /** The picture for networks that pin one (Pinterest); null when there is none. */
  image: string | null;
}

export const SHARE_NETWORKS = ['Facebook', 'Pinterest', 'X', 'WhatsApp'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

const withQuery = (base: string, query: Record<string, string | null>) => {
  const params = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== null);
  return `${base}?${new URLSearchParams(params).toString()}`;
};

/** Each network's share page for `details`: its own window, no SDK loaded. */
export function networkShareUrl(network: ShareNetwork, details: ShareDetails): string {
  switch (network) {
    case 'Facebook':
      return withQuery('https://www.facebook.com/sharer/sharer.php', { u: details.url });
    case 'Pinterest':
      return withQuery('https://www.pinterest.com/pin/create/button/', {
        url: details.url,
        media: details.image,
        description: details.title,
      });
    case 'X':
      return withQuery('https://x.com/intent/post', { text: details.title, url: details.url });
    case 'WhatsApp':
      return withQuery('https://wa.me/', { text: `${details.title} ${details.url}` });
  }
}

/** Whether this browser can hand `details` to the system's share sheet (phones, Safari, Edge). */
export function canShareNatively(details: ShareDetails): boolean {
  if (typeof navigator.share !== 'function') return false;
  return navigator.canShare?.(nativeShareData(details)) ?? true;
}

const nativeShareData = (details: ShareDetails): ShareData => ({
  title: details.title,
  text: details.text,
  url: details.url,
});

/**
 * Opens the system's share sheet. Resolves 'shared', or 'dismissed' when the person closed it;
 * 'failed' when the browser refused (say, no user gesture), so the caller can offer its menu.
 */
export async function shareNatively(details: ShareDetails): Promise<'shared' | 'dismissed' | 'failed'> {
  try {
    await navigator.share(nativeShareData(details));
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'dismissed' : 'failed';
  }
}
