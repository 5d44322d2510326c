import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { findFurnitureType, type BooksSummary, type PeriodTotals } from '@flipstage/core';
import { ButtonLink } from '../../app/links';
import { BarChart, type Bar } from './BarChart';
import { useBooksSummary } from './booksQueries';
import { formatDays, formatMoney, localDay } from './money';

const monthName = (month: string, style: 'long' | 'short') =>
  new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', {
    month: style,
    year: style === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text component="dt" c="dimmed" fz="xs" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fz={24} fw={800}>
        {value}
        {detail && (
          <Text component="span" display="block" fz="sm" fw={400} c="dimmed">
            {detail}
          </Text>
        )}
      </Text>
    </Card>
  );
}

const soldText = (n: number) => (n === 1 ? '1 piece sold' : `${n} pieces sold`);

function periodStats(label: string, totals: PeriodTotals, summary: BooksSummary) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  return [
    <Stat
      key={`${label}-revenue`}
      label={`Revenue ${label}`}
      value={money(totals.revenueCents)}
      detail={soldText(totals.sold)}
    />,
    <Stat key={`${label}-profit`} label={`Profit ${label}`} value={money(totals.profitCents)} />,
  ];
}

function Numbers({ summary }: { summary: BooksSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  const profitBars: Bar[] = summary.byMonth.map((m) => ({
    label: monthName(m.month, 'long'),
    shortLabel: monthName(m.month, 'short'),
    value: m.profitCents,
    cells: [money(m.profitCents), money(m.revenueCents), String(m.sold)],
  }));
  const daysBars: Bar[] = summary.daysToSellByType.map((t) => ({
    label: findFurnitureType(t.furnitureType ?? undefined)?.label ?? 'No type given',
    value: t.averageDays,
    cells: [formatDays(t.averageDays), String(t.sales)],
  }));
  const best = [...summary.byMonth].sort((a, b) => b.profitCents - a.profitCents)[0];
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" m={0} cols={{ base: 2, md: 3 }} spacing="md">
        {periodStats('this month', summary.thisMonth, summary)}
        {periodStats('this year', summary.thisYear, summary)}
        <Stat label="Average days to sell" value={formatDays(summary.averageDaysToSell)} />
        <Stat
          label="Tied up in unsold stock"
          value={money(summary.tiedUpCents)}
          detail={summary.unsoldPieces === 1 ? 'in 1 piece' : `in ${summary.unsoldPieces} pieces`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BarChart
          title="Profit by month"
          description={
            best && best.sold > 0
              ? `Profit in each of the last 12 months. The best was ${monthName(best.month, 'long')}, ${money(best.profitCents)}.`
              : 'Profit in each of the last 12 months: no sales yet.'
          }
          bars={profitBars}
          columns={['Month', 'Profit', 'Revenue', 'Pieces sold']}
          layout="columns"
          valueText={money}
          empty="No months to show yet."
        />
        <BarChart
          title="Days to sell by furniture type"
          description="Average days from purchase to sale for each type, the slowest first."
          bars={daysBars}
          columns={['Furniture type', 'Average days to sell', 'Sales']}
          layout="rows"
          valueText={(days) => formatDays(days)}
          empty="No sales with a purchase and a sale day yet."
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The dashboard's "Your books" section: the business's numbers, and the way to its pieces. */
export function BooksSummarySection() {
  const summary = useBooksSummary(localDay());
  return (
    <Stack gap="md" component="section" aria-labelledby="books-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} id="books-title" fz="h3">
          Your books
        </Title>
        <ButtonLink to="/books" variant="outline" size="xs">
          Open your pieces
        </ButtonLink>
      </Group>
      {summary.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <VisuallyHidden>Loading your books</VisuallyHidden>
        </Group>
      ) : summary.error ? (
        <Alert color="red" role="alert" title="Your books' numbers could not be loaded">
          <Anchor component="button" type="button" size="sm" onClick={() => void summary.refetch()}>
            Try again
          </Anchor>
        </Alert>
      ) : (
        <Numbers summary={summary.data} />
      )}
    </Stack>
  );
}
