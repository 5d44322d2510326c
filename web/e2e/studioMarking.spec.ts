import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { findFurnitureType, parseSubjectHint, type StagePreview } from '@flipstage/core';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

// Issue 27: before a credit is spent the engine shows what it would cut out and guesses the type;
// the seller can box the piece, and the box goes with the staging.
test('the studio outlines the piece before charging, and stages the piece the seller boxed', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');

  const previewed = page.waitForResponse((r) => r.url().endsWith('/api/stage/preview'));
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('armchair-green.jpg'));
  const preview = (await (await previewed).json()) as StagePreview;
  expect(preview.verdict).toBe('ok');
  await expect(page.getByRole('img', { name: 'Cut-out outline' })).toBeVisible();
  await expect(credits).toHaveText('Credits: 10');
  if (preview.suggestedType) {
    const label = findFurnitureType(preview.suggestedType)!.label;
    await expect(page.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }

  await page.getByRole('button', { name: 'Mark the piece' }).click();
  const area = page.getByRole('application', { name: 'Mark the piece on photo 1' });
  // Centred, so the sticky header does not take the drag's first press.
  await area.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.95, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText(/^Piece marked with a box/)).toBeAttached();
  expect(await seriousViolations(page, '#studio')).toEqual([]);

  // Chromium does not hand Playwright a body holding a file: the form is read as the page sends it.
  await page.evaluate(() => {
    const send = window.fetch;
    window.fetch = (input, init) => {
      if (String(input).endsWith('/api/stage') && init?.body instanceof FormData) {
        document.body.dataset.sentSubject = String(init.body.get('subject'));
      }
      return send(input, init);
    };
  });
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-sent-subject', /^box:/);
  const subject = (await page.locator('body').getAttribute('data-sent-subject')) ?? '';
  expect(parseSubjectHint(subject)).toMatchObject({ kind: 'box' });
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 9');
});

// Issue 38: the seller erases and restores parts with the brush, and the outline follows each stroke.
test('the brush erases part of the piece and the outline follows the stroke', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');
  const firstPreview = page.waitForResponse((r) => r.url().endsWith('/api/stage/preview'));
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('armchair-green.jpg'));
  await firstPreview;
  const polygons = page.getByRole('img', { name: 'Cut-out outline' }).locator('polygon');
  await expect(polygons.first()).toBeAttached();
  const outlineNow = () => polygons.evaluateAll((all) => all.map((p) => p.getAttribute('points')).join(' | '));
  const before = await outlineNow();

  await page.getByRole('button', { name: 'Mark the piece' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Erase$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Erase' })).toBeChecked();
  const area = page.getByRole('application', { name: 'Erase parts of photo 1' });
  expect(await area.evaluate((element) => getComputedStyle(element).touchAction)).toBe('none');
  await area.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // The biggest brush, from the keyboard: the slider has its name.
  await page.getByRole('slider', { name: 'Brush size' }).press('End');

  // A band through the armchair's middle, top to bottom: the outline loses it.
  const box = (await area.boundingBox())!;
  const erased = page.waitForResponse((r) => r.url().endsWith('/api/stage/preview'));
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.05);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.95, { steps: 10 });
  await page.mouse.up();
  expect((await erased).status()).toBe(200);
  await expect.poll(outlineNow).not.toBe(before);
  await expect(page.getByText(/% erased\.$/)).toBeVisible();
  expect(await seriousViolations(page, '#studio')).toEqual([]);

  // Undo stroke takes the band back: the engine cuts the whole chair again.
  const undone = page.waitForResponse((r) => r.url().endsWith('/api/stage/preview'));
  await page.getByRole('button', { name: 'Undo stroke' }).click();
  await undone;
  await expect.poll(outlineNow).toBe(before);
  await expect(credits).toHaveText('Credits: 10');
});
