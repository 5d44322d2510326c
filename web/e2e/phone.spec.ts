import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

test.use({ viewport: { width: 390, height: 844 } });

/** An image's box, its panel's box and its picture's own shape. */
async function geometry(image: Locator) {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const own = img.getBoundingClientRect();
    const panel = img.parentElement!.getBoundingClientRect();
    return {
      own: { width: own.width, height: own.height },
      panel: { width: panel.width, height: panel.height },
      ratio: img.naturalWidth / img.naturalHeight,
    };
  });
}

// Issue 15, problem 10: on phones the 400 px preview panels left large grey bands, and the
// before/after slider wiped between images shown at different scales.
test('on a phone the studio previews and the before/after slider fill the width', async ({ page }, testInfo) => {
  await signUp(page);
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('dresser-blue.jpg'));
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  // The result is below the controls on a phone: it comes into view, and focus moves to it.
  const result = page.getByRole('region', { name: 'Staged result for image 1' });
  await expect(result).toBeFocused();
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeInViewport();
  const ready = testInfo.outputPath('studio-phone-result.png');
  await page.screenshot({ path: ready });
  await testInfo.attach('studio-phone-result', { path: ready, contentType: 'image/png' });
  // Another room is offered right beside Download.
  await expect(page.getByRole('button', { name: 'Download' }).locator('xpath=following-sibling::*[1]')).toHaveText(
    'Try another room',
  );

  for (const name of ['Original photo 1', 'Staged image 1']) {
    const image = page.getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const { own, panel, ratio } = await geometry(image);
    // The panel is the picture: as wide as the studio's column, as high as the picture at that width.
    expect(panel.width).toBeGreaterThan(250);
    expect(Math.abs(own.width - panel.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(own.height - panel.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(own.width / own.height - ratio)).toBeLessThan(0.02);
  }

  // Both sides of the slider cover one frame shaped like the staged image.
  const after = page.getByRole('img', { name: 'Staged result', exact: true });
  const before = page.getByRole('img', { name: 'Original photo', exact: true });
  await after.scrollIntoViewIfNeeded();
  await expect.poll(() => after.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const afterBox = (await after.boundingBox())!;
  const beforeBox = (await before.boundingBox())!;
  expect(beforeBox).toEqual(afterBox);
  expect(afterBox.width).toBeGreaterThan(250);
  expect(afterBox.x + afterBox.width).toBeLessThanOrEqual(390);
  const afterRatio = await after.evaluate(
    (img) => (img as HTMLImageElement).naturalWidth / (img as HTMLImageElement).naturalHeight,
  );
  expect(Math.abs(afterBox.width / afterBox.height - afterRatio)).toBeLessThan(0.02);
  for (const image of [after, before]) {
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
  }

  const studio = page.locator('#studio');
  const screenshot = testInfo.outputPath('studio-phone.png');
  await studio.screenshot({ path: screenshot });
  await testInfo.attach('studio-phone', { path: screenshot, contentType: 'image/png' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, '#studio')).toEqual([]);
});

test('headings use the serif the build ships, fetched from the site itself', async ({ page, baseURL }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await page.goto('/pricing');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Source Serif 4 Variable"/);
  const loaded = await page.evaluate(() =>
    [...document.fonts].some(
      (face) => face.family.replace(/"/g, '') === 'Source Serif 4 Variable' && face.status === 'loaded',
    ),
  );
  expect(loaded).toBe(true);
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(url.startsWith(`${baseURL}/`)).toBe(true);
});
