import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks } from '../../test-utils/fakeBooks';
import { localDay } from './money';

/** The seller's day `n` days before today, so the numbers fall in this month whatever the date. */
function daysAgo(n: number): string {
  const day = new Date();
  day.setDate(day.getDate() - n);
  return localDay(day);
}

// Both sold today: this month's, this year's, and the last bar of the profit chart.
const books = () =>
  createFakeBooks([
    {
      fields: {
        name: 'Oak dresser',
        furnitureType: 'dresser',
        status: 'sold',
        purchaseCents: 4000,
        saleCents: 20000,
        boughtOn: daysAgo(20),
        soldOn: daysAgo(0),
      },
      costs: [{ category: 'materials', amountCents: 2500, note: 'Paint' }],
    },
    {
      fields: {
        name: 'Teak chair',
        furnitureType: 'chair',
        status: 'picked-up',
        purchaseCents: 1000,
        saleCents: 6000,
        boughtOn: daysAgo(4),
        soldOn: daysAgo(0),
      },
    },
    {
      fields: {
        name: 'Pine bench',
        furnitureType: 'table',
        status: 'listed',
        purchaseCents: 3000,
        boughtOn: daysAgo(3),
      },
      costs: [{ category: 'parts', amountCents: 450, note: '' }],
    },
  ]);

async function renderSection() {
  renderApp('/dashboard', createFakeBackend({ user: fakeAuthUser(), books: books() }));
  return screen.findByRole('region', { name: 'Your books' });
}

const stat = (section: HTMLElement, label: string) => within(section).getByText(label).nextElementSibling?.textContent;

describe("The dashboard's books", () => {
  it("shows this month's and this year's revenue, profit and pieces sold, days to sell and stock tied up", async () => {
    const section = await renderSection();
    await within(section).findByText('Revenue this month');
    expect(stat(section, 'Revenue this month')).toBe('$260.002 pieces sold');
    expect(stat(section, 'Profit this month')).toBe('$185.00');
    expect(stat(section, 'Revenue this year')).toBe('$260.002 pieces sold');
    expect(stat(section, 'Average days to sell')).toBe('12 days');
    expect(stat(section, 'Tied up in unsold stock')).toBe('$34.50in 1 piece');
  });

  it('draws profit by month as an image named and described for a screen reader', async () => {
    const section = await renderSection();
    const chart = await within(section).findByRole('img', { name: 'Profit by month' });
    expect(chart).toHaveAccessibleDescription(/^Profit in each of the last 12 months\. The best was .+, \$185\.00\.$/);
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
  });

  it('shows the profit chart as a table of the same numbers', async () => {
    const section = await renderSection();
    const figure = await within(section).findByRole('figure', { name: 'Profit by month' });
    await userEvent.click(within(figure).getByRole('switch', { name: 'Show as table' }));
    const table = within(figure).getByRole('table', { name: 'Profit by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[12]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$185.00', '$260.00', '2']);
    expect(within(figure).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows days to sell by furniture type, slowest first, as a table too', async () => {
    const section = await renderSection();
    const figure = await within(section).findByRole('figure', { name: 'Days to sell by furniture type' });
    expect(within(figure).getByRole('img', { name: 'Days to sell by furniture type' })).toBeInTheDocument();
    await userEvent.click(within(figure).getByRole('switch', { name: 'Show as table' }));
    const rows = within(within(figure).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Dresser/Cabinet20 days1', 'Accent Chair4 days1']);
  });

  it('links to the pieces', async () => {
    const section = await renderSection();
    expect(within(section).getByRole('link', { name: 'Open your pieces' })).toHaveAttribute('href', '/books');
  });
});
