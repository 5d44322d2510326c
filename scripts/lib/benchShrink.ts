/**
 * How long the studio takes to prepare a 48 MP, 30 MB camera JPEG before upload (issue 24): from
 * the file picked to its card no longer saying "Preparing…", through the real worker of the
 * production build (decode with EXIF orientation, shrink to 4,096 px, JPEG 0.9), in headless
 * Chromium. Signed out and without a backend: nothing after the preparing is timed.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { writeBigPhoto } from '../../web/e2e/support/bigPhoto.js';

export interface ShrinkTimes {
  /** Milliseconds per run, from setInputFiles to the card ready. */
  runs: number[];
  photoBytes: number;
  /** The preview the card shows once ready: the shrunk photo. */
  shrunk: { width: number; height: number };
}

/** What is read of an <img>: this program has Node's types, not the DOM's. */
interface LoadedImage {
  naturalWidth: number;
  naturalHeight: number;
}

export async function measureShrink(browser: Browser, url: string, runs: number): Promise<ShrinkTimes> {
  const dir = await mkdtemp(join(tmpdir(), 'flipstage-bench-shrink-'));
  try {
    const photo = await writeBigPhoto(dir);
    const times: number[] = [];
    let shrunk = { width: 0, height: 0 };
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      const input = page.getByLabel('Upload furniture photos');
      await input.waitFor({ state: 'attached' });
      const started = performance.now();
      await input.setInputFiles(photo);
      const preparing = page.getByText('Image 1 is being prepared');
      await preparing.waitFor({ state: 'attached' });
      await preparing.waitFor({ state: 'detached', timeout: 120_000 });
      times.push(performance.now() - started);
      shrunk = await page
        .getByRole('img', { name: 'Original photo 1' })
        .evaluate((image) => {
          const loaded = image as unknown as LoadedImage;
          return { width: loaded.naturalWidth, height: loaded.naturalHeight };
        });
      await context.close();
    }
    return { runs: times, photoBytes: (await stat(photo)).size, shrunk };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
