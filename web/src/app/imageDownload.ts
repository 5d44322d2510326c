import { useCallback, useState } from 'react';
import { MESSAGES } from '@flipstage/core';

// FileSaver's delay: revoking the blob URL as soon as the click returns can cancel the download in
// some browsers, and a few seconds is not always enough for a slow disk to pick it up.
const REVOKE_DELAY_MS = 40_000;

/**
 * Saves an image under the given name. Stored images live on another origin (the local host's
 * /blobs, Cloud Storage), where browsers ignore `<a download>`'s name and open the file instead;
 * a blob URL is the page's own, so the name holds and the page stays. Throws an Error whose
 * message is MESSAGES.downloadFailed when the image cannot be fetched.
 */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    console.error('Download failed', url, error);
    throw new Error(MESSAGES.downloadFailed, { cause: error });
  }
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

export interface ImageDownload {
  /** Resolves true once the browser has the file, false when it failed (then `failed` says why). */
  download(url: string, fileName: string): Promise<boolean>;
  /** The file being fetched, for its button's loading state. */
  pending: string | null;
  /** The last download that failed, for a message beside its button. */
  failed: { fileName: string; message: string } | null;
}

/** downloadImage with the state a Download button shows: fetching, and a failure beside it. */
export function useImageDownload(): ImageDownload {
  const [pending, setPending] = useState<string | null>(null);
  const [failed, setFailed] = useState<ImageDownload['failed']>(null);
  const download = useCallback(async (url: string, fileName: string) => {
    setFailed(null);
    setPending(fileName);
    try {
      await downloadImage(url, fileName);
      return true;
    } catch (error) {
      setFailed({ fileName, message: error instanceof Error ? error.message : MESSAGES.downloadFailed });
      return false;
    } finally {
      setPending(null);
    }
  }, []);
  return { download, pending, failed };
}
