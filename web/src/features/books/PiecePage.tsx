import { Alert, Button, Container, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PIECE_RESTORE_DAYS } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { AnchorLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useBookCurrency, useDeletePiece, usePiece, useSavePiece } from './booksQueries';
import { CostLines } from './CostLines';
import { LinkedListing } from './ListingSelect';
import { PieceStatusBadge } from './PieceBadges';
import { PieceForm } from './PieceForm';
import { PieceNumbersCard } from './PieceNumbersCard';
import { ListPieceButton, PieceStagings } from './PieceStagings';
import { toPieceForm } from './pieceForm';

/** One piece: its numbers, its listing's photos, its stagings, its fields, its cost lines, List and Delete. */
export function PiecePage({ id }: { id: string }) {
  const piece = usePiece(id);
  const currency = useBookCurrency();
  const save = useSavePiece();
  const remove = useDeletePiece();
  const navigate = useNavigate();

  if (piece.error || currency.error) {
    return (
      <Container size="lg" py={40}>
        <Alert color="red" role="alert" title="This piece could not be loaded">
          <Button variant="subtle" size="xs" onClick={() => void Promise.all([piece.refetch(), currency.refetch()])}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
  if (piece.isPending || currency.isPending) {
    return (
      <Container size="lg" py={40}>
        <Loader size="sm" />
        <VisuallyHidden>Loading the piece</VisuallyHidden>
      </Container>
    );
  }
  if (piece.data === null) {
    return (
      <Container size="lg" py={40}>
        <Stack gap="sm">
          <Title order={1}>Piece not found</Title>
          <Text>It may have been deleted: deleted pieces can be restored for {PIECE_RESTORE_DAYS} days.</Text>
          <Group>
            <AnchorLink to="/books">Back to your books</AnchorLink>
            <AnchorLink to="/books/deleted">Recently deleted</AnchorLink>
          </Group>
        </Stack>
      </Container>
    );
  }
  const { piece: current, costs } = piece.data;

  // A failure shows in the alert below the title (remove.error); the piece stays.
  const deletePiece = () =>
    remove.mutate(current.id, {
      onSuccess: async () => {
        notifySuccess(
          `${current.name} was deleted. You can restore it from Recently deleted for ${PIECE_RESTORE_DAYS} days.`,
        );
        await navigate({ to: '/books' });
      },
    });

  return (
    <Container size="lg" py={40}>
      <PageMeta title={current.name} description="A piece in your books." path={`/books/${current.id}`} />
      <Stack gap="lg">
        <AnchorLink to="/books" fz="sm">
          ← Your books
        </AnchorLink>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={1}>{current.name}</Title>
            <PieceStatusBadge status={current.status} />
          </Group>
          <Group gap="sm">
            <ListPieceButton piece={current} />
            <Button color="red" variant="outline" loading={remove.isPending} onClick={deletePiece}>
              Delete piece
            </Button>
          </Group>
        </Group>
        {remove.error && (
          <Alert color="red" role="alert">
            The piece could not be deleted: {remove.error.message}
          </Alert>
        )}
        <PieceNumbersCard piece={current} costs={costs} currency={currency.data} />
        {current.listingId && <LinkedListing listingId={current.listingId} />}
        <PieceStagings piece={current} />
        <CostLines pieceId={current.id} costs={costs} currency={currency.data} />
        <Stack gap="sm" component="section" aria-labelledby="piece-details-title">
          <Title order={2} fz="h3" id="piece-details-title">
            Details
          </Title>
          <PieceForm
            // A save that changed the piece gives the form its stored values again.
            key={current.updated_at}
            defaultValues={toPieceForm(current)}
            submitLabel="Save changes"
            onSubmit={async (fields) => {
              await save.mutateAsync({ id: current.id, fields });
              notifySuccess('Your changes are saved.');
            }}
          />
        </Stack>
      </Stack>
    </Container>
  );
}
