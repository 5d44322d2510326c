import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { PIECE_RESTORE_DAYS, type Piece } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { AnchorLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useDeletedPieces, useRestorePiece } from './booksQueries';
import { PieceStatusBadge } from './PieceBadges';

const DAY_MS = 86_400_000;

/** Whole days left to restore a piece deleted at `deletedAt`; at least 0. */
function daysLeft(deletedAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(deletedAt) + PIECE_RESTORE_DAYS * DAY_MS - now) / DAY_MS));
}

function DeletedPiece({ piece, now }: { piece: Piece; now: number }) {
  const restore = useRestorePiece();
  const left = piece.deletedAt ? daysLeft(piece.deletedAt, now) : PIECE_RESTORE_DAYS;
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{piece.name}</Text>
            <PieceStatusBadge status={piece.status} />
          </Group>
          <Text fz="sm" c="dimmed">
            {left === 1 ? 'Restorable for 1 more day' : `Restorable for ${left} more days`}
          </Text>
          {restore.error && (
            <Text fz="sm" c="red" role="alert">
              It could not be restored: {restore.error.message}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          size="xs"
          loading={restore.isPending}
          aria-label={`Restore ${piece.name}`}
          onClick={() =>
            restore.mutate(piece.id, { onSuccess: () => notifySuccess(`${piece.name} is back in your books.`) })
          }
        >
          Restore
        </Button>
      </Group>
    </Card>
  );
}

/** Pieces deleted in the last PIECE_RESTORE_DAYS days, each restorable. */
export function DeletedPiecesPage() {
  const deleted = useDeletedPieces();
  const now = Date.now();
  return (
    <Container size="lg" py={40}>
      <PageMeta title="Recently deleted" description="Pieces you can still restore." path="/books/deleted" />
      <Stack gap="lg">
        <AnchorLink to="/books" fz="sm">
          ← Your books
        </AnchorLink>
        <Stack gap={4}>
          <Title order={1}>Recently deleted</Title>
          <Text c="dimmed">Deleted pieces can be restored for {PIECE_RESTORE_DAYS} days, with their cost lines.</Text>
        </Stack>
        {deleted.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <VisuallyHidden>Loading deleted pieces</VisuallyHidden>
          </Group>
        ) : deleted.error ? (
          <Alert color="red" role="alert" title="Deleted pieces could not be loaded">
            <Anchor component="button" type="button" size="sm" onClick={() => void deleted.refetch()}>
              Try again
            </Anchor>
          </Alert>
        ) : deleted.data.length === 0 ? (
          <Text c="dimmed">Nothing was deleted in the last {PIECE_RESTORE_DAYS} days.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recently deleted pieces">
            {deleted.data.map((piece) => (
              <DeletedPiece key={piece.id} piece={piece} now={now} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
