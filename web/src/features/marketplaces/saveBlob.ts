// As imageDownload.ts: revoking the blob URL as soon as the click returns can cancel the download.
const REVOKE_DELAY_MS = 40_000;

/** Saves bytes the page already holds under a name, through a blob URL of the page's own origin. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_DELAY_MS);
  }
}
