/** Saves an image under the given name: fetched as a blob so a cross-origin URL still downloads instead of opening. */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Download failed: HTTP ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled, or some browsers cancel the download.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}

/** The social sharing window for a staged image (spec §2: Share opens a sharing window). */
export function shareUrl(imageUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(imageUrl)}`;
}

export function openShareWindow(imageUrl: string): void {
  window.open(shareUrl(imageUrl), 'flipstage-share', 'width=640,height=560,noopener,noreferrer');
}
