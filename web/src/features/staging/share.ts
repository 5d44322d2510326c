/** The social sharing window for a staged image (spec §2: Share opens a sharing window). */
export function shareUrl(imageUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(imageUrl)}`;
}

export function openShareWindow(imageUrl: string): void {
  window.open(shareUrl(imageUrl), 'flipstage-share', 'width=640,height=560,noopener,noreferrer');
}
