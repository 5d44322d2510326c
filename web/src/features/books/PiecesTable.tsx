import { Table, Text } from '@mantine/core';
import { daysBetween, findFurnitureType, pieceNumbers, type BookCurrency } from '@flipstage/core';
import type { PieceWithCosts } from '../../backend/books';
import { AnchorLink } from '../../app/links';
import { PieceStatusBadge } from './PieceBadges';
import { formatDays, formatMoney } from './money';

/** Days to sell once sold; before that, how long it has been held so far. */
function daysText(entry: PieceWithCosts, today: string): string {
  const { daysToSell } = pieceNumbers(entry.piece, entry.costs);
  if (daysToSell !== null) return formatDays(daysToSell);
  if (entry.piece.boughtOn && !entry.piece.soldOn)
    return `${formatDays(daysBetween(entry.piece.boughtOn, today))} held`;
  return '–';
}

/** The seller's pieces, one row each, the name opening the piece. */
export function PiecesTable({
  pieces,
  currency,
  today,
}: {
  pieces: PieceWithCosts[];
  currency: BookCurrency;
  today: string;
}) {
  const money = (cents: number | null) => (cents === null ? '–' : formatMoney(cents, currency));
  return (
    <Table.ScrollContainer minWidth={840}>
      <Table aria-label="Pieces">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            {/* Wide enough for "In progress": a badge in a narrower cell is cut short. */}
            <Table.Th miw={130}>Status</Table.Th>
            <Table.Th ta="right">Purchase</Table.Th>
            <Table.Th ta="right">Sale</Table.Th>
            <Table.Th ta="right">Profit</Table.Th>
            <Table.Th ta="right">Days</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pieces.map((entry) => {
            const { piece } = entry;
            const numbers = pieceNumbers(piece, entry.costs);
            return (
              <Table.Tr key={piece.id}>
                <Table.Td>
                  <AnchorLink to="/books/$id" params={{ id: piece.id }} fw={600}>
                    {piece.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{findFurnitureType(piece.furnitureType ?? undefined)?.label ?? '–'}</Table.Td>
                <Table.Td>
                  <PieceStatusBadge status={piece.status} />
                </Table.Td>
                <Table.Td ta="right">{money(piece.purchaseCents)}</Table.Td>
                <Table.Td ta="right">{money(numbers.saleCents)}</Table.Td>
                <Table.Td ta="right">
                  <Text inherit c={numbers.profitCents !== null && numbers.profitCents < 0 ? 'red' : undefined}>
                    {money(numbers.profitCents)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{daysText(entry, today)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
