/**
 * A piece's links in the flipper's books (issue 42): a staged result listed from the studio goes
 * into the books as a new piece, listed, with its staging; a piece added by hand gets that staging
 * from Link stagings, and List this piece opens the listing dialog for it, whose new listing the
 * piece then holds.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

async function createListing(page: Page, title: string | null, pieceChoice: string | null) {
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  if (title !== null) await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Six drawers, refinished in navy.');
  await dialog.getByLabel('Price').fill('240');
  if (pieceChoice !== null) {
    await dialog.getByRole('combobox', { name: 'Piece in your books' }).click();
    await page.getByRole('option', { name: pieceChoice }).click();
  }
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your listing is live.')).toBeVisible();
}

async function openPiece(page: Page, name: string) {
  await page.goto('/books');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('a listing made from the studio or from a piece is linked to the piece with its staging', async ({ page }) => {
  test.slow();
  const word = randomUUID().slice(0, 8);
  const studioTitle = `Navy dresser ${word}`;
  await signUp(page);
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('dresser-blue.jpg'));
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await page.getByRole('button', { name: 'List on Marketplace' }).click();
  await createListing(page, studioTitle, 'Add as a new piece');

  await openPiece(page, studioTitle);
  await expect(page.getByRole('main')).toContainText('Listed');
  await expect(
    page.getByRole('region', { name: 'Linked listing' }).getByRole('link', { name: studioTitle, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: `Staging 1 of ${studioTitle}`, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const handMade = `Walnut dresser ${word}`;
  await page.goto('/books/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(handMade);
  await page.getByRole('button', { name: 'Add piece' }).click();
  await expect(page.getByRole('heading', { name: handMade, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Link stagings' }).click();
  const picker = page.getByRole('dialog', { name: 'Link stagings' });
  await picker.getByRole('checkbox').first().click();
  await picker.getByRole('button', { name: 'Save stagings' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('img', { name: `Staging 1 of ${handMade}`, exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'List this piece' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  // The piece's name is the title, and the piece is the one the listing goes to.
  await expect(dialog.getByLabel('Title')).toHaveValue(handMade);
  await expect(dialog.getByRole('combobox', { name: 'Piece in your books' })).toHaveValue(handMade);
  await expect(dialog.getByRole('img', { name: /^Image 1:/ })).toBeVisible();
  await createListing(page, null, null);

  await openPiece(page, handMade);
  await expect(
    page.getByRole('region', { name: 'Linked listing' }).getByRole('link', { name: handMade, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'List this piece' })).toHaveCount(0);
});
