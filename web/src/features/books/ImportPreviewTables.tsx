import { Select, SimpleGrid, Table, Text } from '@mantine/core';
import {
  IMPORT_TARGETS,
  IMPORT_TARGET_LABELS,
  PIECE_STATUS_LABELS,
  findFurnitureType,
  type BookCurrency,
  type ImportMapping,
  type ImportPreview,
  type ImportTarget,
} from '@flipstage/core';
import { formatMoney } from './money';

const TARGET_OPTIONS = IMPORT_TARGETS.map((t) => ({ value: t, label: IMPORT_TARGET_LABELS[t] }));
/** The preview shows this many pieces; the button counts them all. */
const PREVIEW_PIECES = 50;

/** One choice per column of the file: which field of a piece it fills, with its first value as a hint. */
export function ColumnMapping({
  header,
  sample,
  mapping,
  onChange,
}: {
  header: readonly string[];
  sample: readonly string[] | undefined;
  mapping: ImportMapping;
  onChange(mapping: ImportMapping): void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {header.map((name, index) => (
        <Select
          key={index}
          label={`Column “${name || `number ${index + 1}`}”`}
          description={sample?.[index] ? `First row: ${sample[index]}` : 'Empty in the first row'}
          data={TARGET_OPTIONS}
          value={mapping[index] ?? 'ignore'}
          allowDeselect={false}
          onChange={(value) =>
            onChange(mapping.map((target, i) => (i === index ? ((value ?? 'ignore') as ImportTarget) : target)))
          }
        />
      ))}
    </SimpleGrid>
  );
}

/** Every row's problem, by the spreadsheet's own row number and column. */
export function RowErrors({ errors }: { errors: ImportPreview['errors'] }) {
  return (
    <Table aria-label="Rows with problems">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Row</Table.Th>
          <Table.Th scope="col">Column</Table.Th>
          <Table.Th scope="col">Problem</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {errors.map((error, i) => (
          <Table.Tr key={i}>
            <Table.Td>{error.row}</Table.Td>
            <Table.Td>{error.column ?? '–'}</Table.Td>
            <Table.Td>{error.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The pieces the import would write, as the seller's books will show them. */
export function PiecesToImport({ pieces, currency }: { pieces: ImportPreview['pieces']; currency: BookCurrency }) {
  const money = (cents: number | null) => (cents === null ? '–' : formatMoney(cents, currency));
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Pieces to import">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Rows</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Purchase</Table.Th>
              <Table.Th scope="col">Sale</Table.Th>
              <Table.Th scope="col">Cost lines</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pieces.slice(0, PREVIEW_PIECES).map(({ rows, piece, costs }) => (
              <Table.Tr key={rows[0]}>
                <Table.Td>{rows.join(', ')}</Table.Td>
                <Table.Td>{piece.name}</Table.Td>
                <Table.Td>{findFurnitureType(piece.furnitureType ?? undefined)?.label ?? '–'}</Table.Td>
                <Table.Td>{PIECE_STATUS_LABELS[piece.status]}</Table.Td>
                <Table.Td>{money(piece.purchaseCents)}</Table.Td>
                <Table.Td>{money(piece.saleCents)}</Table.Td>
                <Table.Td>
                  {costs.length === 0
                    ? '–'
                    : `${costs.length}: ${money(costs.reduce((sum, c) => sum + c.amountCents, 0))}`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pieces.length > PREVIEW_PIECES && (
        <Text fz="sm" c="dimmed">
          The first {PREVIEW_PIECES} of {pieces.length} pieces are shown.
        </Text>
      )}
    </>
  );
}
