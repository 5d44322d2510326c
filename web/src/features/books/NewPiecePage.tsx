import { Container, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PageMeta } from '../../app/PageMeta';
import { AnchorLink } from '../../app/links';
import { useSavePiece } from './booksQueries';
import { PieceForm } from './PieceForm';
import { EMPTY_PIECE_FORM } from './pieceForm';

/** A new piece; once saved it opens on its own page, where its cost lines are added. */
export function NewPiecePage() {
  const save = useSavePiece();
  const navigate = useNavigate();
  return (
    <Container size="lg" py={40}>
      <PageMeta title="Add a piece" description="A new piece in your books." path="/books/new" />
      <Stack gap="lg">
        <AnchorLink to="/books" fz="sm">
          ← Your books
        </AnchorLink>
        <Title order={1}>Add a piece</Title>
        <PieceForm
          defaultValues={EMPTY_PIECE_FORM}
          submitLabel="Add piece"
          onSubmit={async (fields) => {
            const piece = await save.mutateAsync({ id: null, fields });
            await navigate({ to: '/books/$id', params: { id: piece.id } });
          }}
        />
      </Stack>
    </Container>
  );
}
