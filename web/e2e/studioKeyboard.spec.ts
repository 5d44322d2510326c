import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESIGN_STYLES, FURNITURE_TYPES } from '@flipstage/core';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const holdsFocus = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));

/** Presses Tab until `target` has focus (or holds it, for a group); fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { within = false, limit = 12 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await (within ? holdsFocus(target) : isFocused(target))) return;
    await page.keyboard.press('Tab');
  }
  expect(await (within ? holdsFocus(target) : isFocused(target)), `reached in ${limit} Tab presses`).toBe(true);
}

async function checkedLabel(group: Locator): Promise<string> {
  return group
    .locator('input[type="radio"]:checked')
    .evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
}

/** The option after `label` in a radio group's order: what ArrowRight selects. */
function nextLabel(options: ReadonlyArray<{ label: string }>, label: string): string {
  const i = options.findIndex((option) => option.label === label);
  return options[(i + 1) % options.length]!.label;
}

test('the studio works with the keyboard alone: upload, style, type, Generate, the result, Download', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Credits:' })).toHaveText('Credits: 10');

  // The drop zone is reached with Tab and opened with Enter; the test only answers the file dialog.
  const dropZone = page.getByLabel('Upload furniture photos').locator('xpath=..');
  await page.locator('body').focus();
  await tabTo(page, dropZone, { limit: 30 });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(sample('dresser-blue.jpg'));
  await expect(page.getByRole('button', { name: 'Select image 1' })).toBeVisible();
  // The preview has answered once the type's origin is stated; the arrow keys then start from it.
  await expect(page.getByText(/suggested from the photo|keeps your last type/)).toBeVisible();

  const styles = page.getByRole('radiogroup', { name: 'Design style' });
  await tabTo(page, styles, { within: true });
  const style = nextLabel(DESIGN_STYLES, await checkedLabel(styles));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: style, exact: true })).toBeChecked();

  const types = page.getByRole('radiogroup', { name: 'Furniture type' });
  await tabTo(page, types, { within: true });
  const type = nextLabel(FURNITURE_TYPES, await checkedLabel(types));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: type, exact: true })).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Generate Selected' }));
  await page.keyboard.press('Enter');

  // The result takes focus when it is ready; the next stop is Download, and Enter saves the file.
  const result = page.getByRole('region', { name: 'Staged result for image 1' });
  await expect(result).toBeFocused();
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').first()).toContainText(
    `${type}${style}`,
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Download' })).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('staged_image_1.jpg');
  expect([...(await readFile(await download.path())).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  // At desktop width the slider's two images share one box, covered the same way.
  const after = page.getByRole('img', { name: 'Staged result', exact: true });
  const before = page.getByRole('img', { name: 'Original photo', exact: true });
  await expect.poll(() => after.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // Compared once the layout has settled: the card above may still grow by a line as the result lands.
  const box = async (image: typeof after) => JSON.stringify(await image.boundingBox());
  await expect
    .poll(async () => (await box(before)) === (await box(after)) && (await box(before)) !== 'null')
    .toBe(true);
  for (const image of [after, before]) {
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
  }
  expect(await seriousViolations(page, '#studio')).toEqual([]);
});
