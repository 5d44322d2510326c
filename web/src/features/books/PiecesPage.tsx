import { useAtom } from 'jotai';
import {
  Alert,
  Anchor,
  Container,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { PIECE_STATUSES, PIECE_STATUS_LABELS, type PieceStatus } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { AnchorLink, ButtonLink } from '../../app/links';
import { pieceStatusFilterAtom } from './booksAtoms';
import { useBookCurrency, usePieces } from './booksQueries';
import { CsvActions } from './CsvActions';
import { CurrencySelect } from './CurrencySelect';
import { PiecesTable } from './PiecesTable';
import { localDay } from './money';

const FILTERS = [
  { value: 'all', label: 'All' },
  ...PIECE_STATUSES.map((s) => ({ value: s, label: PIECE_STATUS_LABELS[s] })),
];

/** "Your books": every piece the seller has bought, filtered by status, with the books' actions. */
export function PiecesPage() {
  const pieces = usePieces();
  const currency = useBookCurrency();
  const [filter, setFilter] = useAtom(pieceStatusFilterAtom);
  const today = localDay();
  // The export read holds every piece in no set order: the newest first, as the seller added them.
  const shown = (pieces.data ?? [])
    .filter((entry) => filter === 'all' || entry.piece.status === filter)
    .sort((a, b) => b.piece.created_at.localeCompare(a.piece.created_at));

  return (
    <Container size="lg" py={40}>
      <PageMeta title="Your books" description="Every piece from purchase to profit." path="/books" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Your books</Title>
            <Text c="dimmed">
              Every piece from purchase to profit. The totals are on your{' '}
              <AnchorLink to="/dashboard" underline="always">
                dashboard
              </AnchorLink>
              .
            </Text>
          </Stack>
          <Group gap="sm">
            <ButtonLink to="/books/new">Add a piece</ButtonLink>
            <ButtonLink to="/books/deleted" variant="default">
              Recently deleted
            </ButtonLink>
          </Group>
        </Group>
        <Group justify="space-between" align="flex-end">
          {currency.data && <CurrencySelect currency={currency.data} />}
          <CsvActions />
        </Group>
        {/* Seven statuses are wider than a phone: they scroll sideways rather than widen the page. */}
        <ScrollArea type="auto" offsetScrollbars>
          <SegmentedControl
            aria-label="Show pieces by status"
            data={FILTERS}
            value={filter}
            onChange={(value) => setFilter(value as PieceStatus | 'all')}
          />
        </ScrollArea>
        {(pieces.isPending || currency.isPending) && !pieces.error && !currency.error ? (
          <Group gap="xs">
            <Loader size="sm" />
            <VisuallyHidden>Loading your pieces</VisuallyHidden>
          </Group>
        ) : pieces.error || currency.error ? (
          <Alert color="red" role="alert" title="Your books could not be loaded">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void Promise.all([pieces.refetch(), currency.refetch()])}
            >
              Try again
            </Anchor>
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed">
            {filter === 'all'
              ? 'No pieces yet. Add the first one you bought.'
              : `No pieces are ${PIECE_STATUS_LABELS[filter].toLowerCase()}.`}
          </Text>
        ) : (
          <PiecesTable pieces={shown} currency={currency.data!} today={today} />
        )}
      </Stack>
    </Container>
  );
}
