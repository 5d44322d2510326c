import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** Clicks `button` and checks the browser saved a JPEG (its magic bytes) under `fileName`. */
export async function expectJpegDownload(page: Page, button: Locator, fileName: string): Promise<void> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
}
