/**
 * The flipper's books (issue 42) on local mode's host and PGlite: a seller adds a piece with two
 * cost lines, marks it sold, sees its profit and the dashboard's numbers change, then deletes it
 * and restores it from Recently deleted; and one imports a spreadsheet after its preview and
 * exports the books.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

/** The browser's own calendar day (the same machine's time zone): the dashboard's "this month". */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });

async function figure(page: Page, region: string, label: string) {
  return page.getByRole('region', { name: region }).getByRole('term').filter({ hasText: label }).locator('+ dd');
}

async function addCost(page: Page, category: string, amount: string, note: string) {
  const form = page.getByRole('form', { name: 'Add a cost line' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form.getByRole('textbox', { name: 'Note' }).fill(note);
  await form.getByRole('button', { name: 'Add cost' }).click();
  await expect(page.getByRole('button', { name: `Remove ${category}: ${note}` })).toBeVisible();
}

test('a seller adds a piece with two costs, sells it, sees the profit on the dashboard, deletes and restores it', async ({
  page,
}) => {
  await signUp(page);
  const day = await today(page);
  const name = `Oak dresser ${randomUUID().slice(0, 8)}`;

  await page.getByRole('link', { name: 'Open your pieces' }).click();
  await page.getByRole('link', { name: 'Add a piece' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Dresser/Cabinet' }).click();
  await page.getByLabel('Bought on').fill(day);
  await page.getByRole('textbox', { name: 'Purchase price' }).fill('40');
  await page.getByRole('button', { name: 'Add piece' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await addCost(page, 'Materials', '25', 'Paint and sandpaper');
  await addCost(page, 'Fees', '10', 'Listing fee');
  await expect(await figure(page, "The piece's numbers", 'Total cost')).toHaveText('$65.00');
  await expect(await figure(page, "The piece's numbers", 'Profit')).toHaveText('–');

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(await figure(page, 'Your books', 'Tied up in unsold stock')).toHaveText('$75.00in 1 piece');
  await expect(await figure(page, 'Your books', 'Profit this month')).toHaveText('$0.00');
  await page.goBack();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Sold', exact: true }).click();
  await page.getByRole('textbox', { name: 'Sale price' }).fill('200');
  await page.getByRole('combobox', { name: 'Channel' }).fill('FlipStage');
  await page.getByLabel('Sold on').fill(day);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(await figure(page, "The piece's numbers", 'Profit')).toHaveText('$125.00');
  await expect(await figure(page, "The piece's numbers", 'Margin')).toHaveText('62.5%');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(await figure(page, 'Your books', 'Profit this month')).toHaveText('$125.00');
  await expect(await figure(page, 'Your books', 'Revenue this month')).toHaveText('$200.001 piece sold');
  await expect(await figure(page, 'Your books', 'Tied up in unsold stock')).toHaveText('$0.00in 0 pieces');
  expect(await seriousViolations(page, 'section[aria-labelledby="books-title"]')).toEqual([]);

  await page.getByRole('link', { name: 'Open your pieces' }).click();
  await expect(page.getByRole('table', { name: 'Pieces' })).toContainText('$125.00');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete piece' }).click();
  await expect(page).toHaveURL(/\/books$/);
  await expect(page.getByText('No pieces yet. Add the first one you bought.')).toBeVisible();

  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('Nothing was deleted in the last 30 days.')).toBeVisible();
  await page.getByRole('link', { name: '← Your books' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('a seller imports a spreadsheet after its preview, leaving out the bad row, and exports the books as CSV', async ({
  page,
}) => {
  await signUp(page);
  const name = `Teak chair ${randomUUID().slice(0, 8)}`;
  const sheet = [
    'Item,Paid,Sold for,Paint,Date bought,Date sold',
    `${name},15,95,8,2026-10-01,2026-10-09`,
    'Pine bench,forty,,,,',
  ];

  await page.goto('/books/import');
  await page.getByLabel('Choose the CSV file').setInputFiles({
    name: 'my-flips.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sheet.join('\r\n')),
  });
  await expect(page.getByRole('combobox', { name: 'Column “Paint”' })).toHaveValue('A cost: Materials');
  await expect(page.getByRole('table', { name: 'Rows with problems' })).toContainText('3Paid');
  await expect(page.getByRole('table', { name: 'Pieces to import' })).toContainText(name);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import 1 piece' }).click();

  await expect(page).toHaveURL(/\/books$/);
  await expect(page.getByRole('table', { name: 'Pieces' })).toContainText('$72.00');
  await expect(page.getByRole('link', { name: 'Pine bench' })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^flipstage-books-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.startsWith('\uFEFFPiece ID,Name,')).toBe(true);
  expect(text).toContain(`,${name},,,,2026-10-01,15.00,0,Sold,,95.00,,2026-10-09,Materials,8.00,Paint\r\n`);
});
