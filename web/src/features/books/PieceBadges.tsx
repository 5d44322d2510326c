import { Badge } from '@mantine/core';
import { PIECE_STATUS_LABELS, type PieceStatus } from '@flipstage/core';

/**
 * One colour per step from purchase to pickup, so a list reads at a glance; as a dot, since the
 * light variant's coloured text lacks contrast (axe).
 */
const STATUS_COLORS: Record<PieceStatus, string> = {
  sourced: 'gray',
  'in-progress': 'yellow',
  listed: 'blue',
  reserved: 'grape',
  sold: 'teal',
  'picked-up': 'dark',
};

export function PieceStatusBadge({ status }: { status: PieceStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot">
      {PIECE_STATUS_LABELS[status]}
    </Badge>
  );
}
