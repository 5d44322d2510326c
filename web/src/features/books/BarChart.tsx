import { useId, useState } from 'react';
import { Card, Group, Switch, Table, Text, Title } from '@mantine/core';

export interface Bar {
  label: string;
  /** Under a column, where the whole label would not fit ("Nov" for November 2026). */
  shortLabel?: string;
  value: number;
  /** The figures the table shows for this bar, one per `columns` entry after the label. */
  cells: string[];
}

// Narrow, so the words stay legible when a phone scales the chart to its width.
const WIDTH = 480;
const ROW = 28;
const PAD = { top: 16, bottom: 28, left: 124, right: 64 };
const COLUMN_HEIGHT = 220;

/** Vertical bars (months along the bottom), a zero line that negative values fall below. */
function Columns({ bars, valueText }: { bars: Bar[]; valueText(value: number): string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const span = max - min || 1;
  const plot = COLUMN_HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((max - value) / span) * plot;
  const left = 80;
  const slot = (WIDTH - left - 8) / bars.length;
  return (
    <>
      <line x1={left} x2={WIDTH - 8} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.4} />
      <text x={left - 6} y={y(max) + 4} textAnchor="end" fontSize={13}>
        {valueText(max)}
      </text>
      {min < 0 && (
        <text x={left - 6} y={y(min) + 4} textAnchor="end" fontSize={13}>
          {valueText(min)}
        </text>
      )}
      {bars.map((bar, i) => {
        const top = y(Math.max(bar.value, 0));
        const height = Math.max(Math.abs(y(bar.value) - y(0)), bar.value === 0 ? 0 : 1);
        return (
          <g key={bar.label}>
            <rect
              x={left + i * slot + slot * 0.15}
              y={top}
              width={slot * 0.7}
              height={height}
              rx={2}
              fill={bar.value < 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)'}
            >
              <title>{`${bar.label}: ${valueText(bar.value)}`}</title>
            </rect>
            <text x={left + i * slot + slot / 2} y={COLUMN_HEIGHT - 8} textAnchor="middle" fontSize={13}>
              {bar.shortLabel ?? bar.label}
            </text>
          </g>
        );
      })}
    </>
  );
}

/** Horizontal bars, one row each (a furniture type), the value written at the bar's end. */
function Rows({ bars, valueText }: { bars: Bar[]; valueText(value: number): string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plot = WIDTH - PAD.left - PAD.right;
  return (
    <>
      {bars.map((bar, i) => {
        const top = PAD.top + i * ROW;
        const width = Math.max((Math.max(bar.value, 0) / max) * plot, 1);
        return (
          <g key={bar.label}>
            <text x={PAD.left - 8} y={top + ROW / 2 + 4} textAnchor="end" fontSize={13}>
              {bar.label}
            </text>
            <rect x={PAD.left} y={top + 4} width={width} height={ROW - 8} rx={2} fill="var(--mantine-color-blue-6)">
              <title>{`${bar.label}: ${valueText(bar.value)}`}</title>
            </rect>
            <text x={PAD.left + width + 6} y={top + ROW / 2 + 4} fontSize={13}>
              {valueText(bar.value)}
            </text>
          </g>
        );
      })}
    </>
  );
}

/**
 * A chart people can look at and anyone can read: its title and description name the picture for
 * a screen reader, and "Show as table" puts the same numbers in a real table.
 */
export function BarChart({
  title,
  description,
  bars,
  columns,
  layout,
  valueText,
  empty,
}: {
  title: string;
  description: string;
  bars: Bar[];
  /** The table's headers: what a bar is, then each of its cells. */
  columns: string[];
  layout: 'columns' | 'rows';
  valueText(value: number): string;
  /** Said instead of the chart when there are no bars. */
  empty: string;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const height = layout === 'columns' ? COLUMN_HEIGHT : PAD.top + bars.length * ROW + 8;
  return (
    <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby={`${id}-title`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="h4" id={`${id}-title`}>
          {title}
        </Title>
        {bars.length > 0 && (
          <Switch label="Show as table" checked={asTable} onChange={(e) => setAsTable(e.currentTarget.checked)} />
        )}
      </Group>
      <Text id={`${id}-desc`} fz="sm" c="dimmed" mb="sm">
        {bars.length === 0 ? empty : description}
      </Text>
      {bars.length > 0 &&
        (asTable ? (
          <Table aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bars.map((bar) => (
                <Table.Tr key={bar.label}>
                  <Table.Th scope="row" fw={400}>
                    {bar.label}
                  </Table.Th>
                  {bar.cells.map((cell, i) => (
                    <Table.Td key={columns[i + 1]}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <svg
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
            viewBox={`0 0 ${WIDTH} ${height}`}
            width="100%"
            style={{ display: 'block', maxHeight: height * 1.2, fill: 'currentColor' }}
          >
            {layout === 'columns' ? (
              <Columns bars={bars} valueText={valueText} />
            ) : (
              <Rows bars={bars} valueText={valueText} />
            )}
          </svg>
        ))}
    </Card>
  );
}
