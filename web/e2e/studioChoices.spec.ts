import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buildAutoPrompt, type ImageEdit } from '@flipstage/core';
import { signUp } from './support/accounts';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

/**
 * The image edits the API recorded for the signed-in user: what the backend received for each
 * staging call (style, furniture type and prompt), read with the token the page sent it.
 */
async function storedEdits(page: Page, authorization: string): Promise<ImageEdit[]> {
  const listed = await page.request.get('/api/image-edits', { headers: { authorization } });
  expect(listed.ok()).toBe(true);
  return ((await listed.json()) as { data: ImageEdit[] }).data;
}

/** The bearer token of the next staging call the page makes. */
async function nextStageAuthorization(page: Page): Promise<string> {
  const request = await page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/stage'));
  return (await request.allHeaders()).authorization ?? '';
}

/**
 * The stored edit behind the staged image the studio shows for photo n. Staged images are read
 * through URLs signed at each read, so the studio's and the list's differ but for their path.
 */
async function editShownFor(page: Page, edits: ImageEdit[], n: number): Promise<ImageEdit | undefined> {
  await page.getByRole('button', { name: `Select image ${n}` }).click();
  const src = await page.getByRole('img', { name: `Staged image ${n}` }).getAttribute('src');
  const path = (url: string) => new URL(url, page.url()).pathname;
  return src ? edits.find((edit) => path(edit.output_image_url) === path(src)) : undefined;
}

async function choose(page: Page, group: 'Design style' | 'Furniture type', option: string) {
  // The radio inputs are visually hidden behind their chips; a pointer user clicks the chip.
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
  await expect(page.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

function thumbnailCaption(page: Page, n: number) {
  return page
    .getByRole('list', { name: 'Uploaded images' })
    .getByRole('listitem')
    .nth(n - 1);
}

async function expectNoSeriousViolations(page: Page) {
  // At rest, as a reader sees it: the chip just clicked would otherwise be judged in its hover colour.
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).include('#studio').analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

test('Generate All stages a mixed batch, each photo with its own furniture type and style', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');

  await page
    .getByLabel('Upload furniture photos')
    .setInputFiles(['bed-navy.jpg', 'sofa-grey.jpg', 'bookcase-walnut.jpg'].map(sample));
  await expect(page.getByRole('button', { name: 'Generate All (3)' })).toBeVisible();
  await choose(page, 'Furniture type', 'Bed');
  await choose(page, 'Design style', 'Mid-Century Modern');
  await page.getByRole('button', { name: 'Select image 2' }).click();
  await choose(page, 'Furniture type', 'Sofa/Couch');
  await page.getByRole('button', { name: 'Select image 3' }).click();
  await choose(page, 'Furniture type', 'Bookcase/Shelf');

  await expect(thumbnailCaption(page, 1)).toContainText('BedMid-Century Modern');
  await expect(thumbnailCaption(page, 2)).toContainText('Sofa/CouchModern');
  await expect(thumbnailCaption(page, 3)).toContainText('Bookcase/ShelfModern');
  await expectNoSeriousViolations(page);

  // The progress bar is there only while the batch stages.
  const progress = page.getByRole('progressbar', { name: 'Generation progress' });
  await expect(progress).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate All (3)' }).click();
  const authorization = nextStageAuthorization(page);
  await page.getByRole('dialog', { name: 'Generate All' }).getByRole('button', { name: 'Continue' }).click();
  await expect(progress).toBeVisible();
  for (const n of [1, 2, 3]) await expect(page.getByText(`Image ${n} processed`)).toBeAttached();
  await expect(credits).toHaveText('Credits: 7');
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate All (0)' })).toBeVisible();

  const edits = await storedEdits(page, await authorization);
  expect(edits).toHaveLength(3);
  const expected = [
    { style: 'midcentury', furnitureType: 'bed', labels: ['Bed', 'Mid-Century Modern'] },
    { style: 'modern', furnitureType: 'sofa', labels: ['Sofa/Couch', 'Modern'] },
    { style: 'modern', furnitureType: 'bookcase', labels: ['Bookcase/Shelf', 'Modern'] },
  ] as const;
  for (const [i, photo] of expected.entries()) {
    const n = i + 1;
    const edit = await editShownFor(page, edits, n);
    expect(edit, `the edit shown for image ${n}`).toMatchObject({
      style: photo.style,
      furniture_type: photo.furnitureType,
      background_style: buildAutoPrompt(photo.style, photo.furnitureType),
    });
    await expect(thumbnailCaption(page, n)).toContainText(photo.labels.join(''));
    for (const label of photo.labels) await expect(page.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }
  await expectNoSeriousViolations(page);
});

test('the keyboard reaches Generate in a few tab stops, and the arrow keys change the style', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Credits:' })).toHaveText('Credits: 10');
  const upload = page.getByLabel('Upload furniture photos');
  await upload.setInputFiles([sample('dresser-blue.jpg')]);
  await expect(page.getByRole('button', { name: 'Select image 1' })).toBeVisible();

  // The drop zone itself is the stop before the strip: start there, as a keyboard user would.
  await upload.locator('xpath=..').focus();
  const generate = page.getByRole('button', { name: 'Generate Selected' });
  const styles = page.getByRole('radiogroup', { name: 'Design style' });
  let stops = 0;
  let styleStop = -1;
  while (!(await generate.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    stops += 1;
    if (await styles.evaluate((group) => group.contains(document.activeElement))) {
      styleStop = stops;
      // Arrow keys move within the group and select as they go; Tab then leaves it.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: 'Farmhouse', exact: true })).toBeChecked();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('radio', { name: 'Mid-Century Modern', exact: true })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Mid-Century Modern', exact: true })).toBeFocused();
    }
    expect(stops).toBeLessThanOrEqual(10);
  }
  // Select image 1, its ×, Add More, Clear All, the prompt mode, the style group, the type group,
  // the prompt, Edit Prompt, then Generate Selected.
  expect(stops).toBe(10);
  expect(styleStop).toBe(6);
  await expect(thumbnailCaption(page, 1)).toContainText('Dresser/CabinetMid-Century Modern');

  const authorization = nextStageAuthorization(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  const edits = await storedEdits(page, await authorization);
  expect(await editShownFor(page, edits, 1)).toMatchObject({ style: 'midcentury', furniture_type: 'dresser' });
  await expectNoSeriousViolations(page);
});

// The samples are drawn pieces the classifier names nothing in; this one is a real photo of a sofa.
const REAL_SOFA = fileURLToPath(
  new URL('../../functions/test/fixtures/classifier/home/sofa-rf100-val_000006.jpg', import.meta.url),
);

test('each photo starts with the type the engine suggests, else the seller’s last, in last visit’s style', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/');
  await choose(page, 'Design style', 'Farmhouse');
  await choose(page, 'Furniture type', 'Bed');
  // The next visit, on the same browser, starts from that style and type.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Farmhouse', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Bed', exact: true })).toBeChecked();

  await page.getByLabel('Upload furniture photos').setInputFiles([sample('sofa-grey.jpg'), REAL_SOFA]);
  await expect(
    page.getByText(
      'The photo did not say which type this is, so it keeps your last type, Bed. Choose another if that is wrong.',
    ),
  ).toBeVisible();
  await expect(thumbnailCaption(page, 1)).toContainText('BedFarmhouse');
  await page.getByRole('button', { name: 'Select image 2' }).click();
  await expect(
    page.getByText('Sofa/Couch was suggested from the photo. Choose another type if that is wrong.'),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sofa/Couch', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Farmhouse', exact: true })).toBeChecked();
  await expect(thumbnailCaption(page, 2)).toContainText('Sofa/CouchFarmhouse');
  // The seller overrules the engine.
  await choose(page, 'Furniture type', 'Coffee Table');
  await expect(thumbnailCaption(page, 2)).toContainText('Coffee TableFarmhouse');
  await expect(page.getByText(/was suggested from the photo/)).toHaveCount(0);

  // Custom Prompt: the prompt box only.
  await page.getByText('Custom Prompt', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Custom prompt' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Design style' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Furniture type' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
