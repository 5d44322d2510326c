import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { pieceNumbers, type BookCurrency, type CostLine, type Piece } from '@flipstage/core';
import { formatDays, formatMoney, formatPercent } from './money';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text component="dt" c="dimmed" fz="xs" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="lg" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}

/** A piece's numbers as core works them out: the sale's figures read "–" until it is sold. */
export function PieceNumbersCard({
  piece,
  costs,
  currency,
}: {
  piece: Piece;
  costs: CostLine[];
  currency: BookCurrency;
}) {
  const numbers = pieceNumbers(piece, costs);
  const money = (cents: number | null) => (cents === null ? '–' : formatMoney(cents, currency));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="piece-numbers-title">
      <Text id="piece-numbers-title" fw={700} mb="sm">
        The piece&apos;s numbers
      </Text>
      <SimpleGrid component="dl" m={0} cols={{ base: 2, sm: 3, md: 6 }}>
        <Figure label="Total cost" value={money(numbers.costCents)} />
        <Figure label="Sale price" value={money(numbers.saleCents)} />
        <Figure label="Fees" value={money(numbers.feesCents)} />
        <Figure label="Profit" value={money(numbers.profitCents)} />
        <Figure label="Margin" value={formatPercent(numbers.marginPercent)} />
        <Figure label="Days to sell" value={formatDays(numbers.daysToSell)} />
      </SimpleGrid>
    </Card>
  );
}
