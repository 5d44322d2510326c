import { useState } from 'react';
import { Alert, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { pieceFieldsOf, type Piece } from '@flipstage/core';
import { ButtonLink } from '../../app/links';
import { useSavePiece } from './booksQueries';
import { useLinkedStagings } from './linkedStagings';
import { StagingPicker } from './StagingPicker';

/**
 * "List this piece": the marketplace's create dialog for this piece, with its first staging's
 * result as the photo when it has one. Only for a piece not listed yet.
 */
export function ListPieceButton({ piece }: { piece: Piece }) {
  const stagings = useLinkedStagings(piece);
  if (piece.listingId) return null;
  const first = stagings.data?.[0];
  return (
    <ButtonLink
      to="/marketplace"
      search={{ piece: piece.id, image: first?.output_image_url, edit: first?.id }}
      variant="filled"
      leftSection={<IconBuildingStore size={18} aria-hidden />}
    >
      List this piece
    </ButtonLink>
  );
}

/** The piece's stagings (issue 42): each one's photo before and after, Unlink, and Link stagings. */
export function PieceStagings({ piece }: { piece: Piece }) {
  const stagings = useLinkedStagings(piece);
  const save = useSavePiece();
  const [picking, setPicking] = useState(false);
  const [unlinking, setUnlinking] = useState<string | null>(null);
  // One at a time: savePiece replaces every field, so a second Unlink built from this render's
  // copy of the piece would put the first one back.
  const unlink = (id: string) => {
    if (save.isPending) return;
    setUnlinking(id);
    save.mutate({
      id: piece.id,
      fields: { ...pieceFieldsOf(piece), stagingIds: piece.stagingIds.filter((s) => s !== id) },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="piece-stagings-title">
      <Group justify="space-between">
        <Title order={2} fz="h3" id="piece-stagings-title">
          Stagings
        </Title>
        <Button variant="default" onClick={() => setPicking(true)}>
          Link stagings
        </Button>
      </Group>
      {save.error && (
        <Alert color="red" role="alert">
          The staging could not be unlinked: {save.error.message}
        </Alert>
      )}
      {stagings.isPending ? (
        <Loader size="sm" aria-label="Loading the stagings" />
      ) : stagings.isError ? (
        <Alert color="red" role="alert">
          The stagings could not be loaded: {stagings.error.message}
        </Alert>
      ) : stagings.data.length === 0 ? (
        <Text c="dimmed">
          No stagings linked yet. Link the studio&apos;s stagings of this piece to keep its photos together.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {stagings.data.map((edit, index) => {
            const name = `Staging ${index + 1} of ${piece.name}`;
            return (
              <Card key={edit.id} withBorder padding="sm" radius="md" component="article" aria-label={name}>
                <Card.Section>
                  <SimpleGrid cols={2} spacing={2}>
                    <Image src={edit.input_image_url} alt={`Original photo of ${name}`} h={120} fit="cover" />
                    <Image src={edit.output_image_url} alt={name} h={120} fit="cover" />
                  </SimpleGrid>
                </Card.Section>
                <Group justify="space-between" mt="xs">
                  <Text fz="xs" c="dimmed">
                    {new Date(edit.created_at).toLocaleDateString()}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Unlink ${name}`}
                    loading={save.isPending && unlinking === edit.id}
                    disabled={save.isPending && unlinking !== edit.id}
                    onClick={() => unlink(edit.id)}
                  >
                    Unlink
                  </Button>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <StagingPicker piece={piece} opened={picking} onClose={() => setPicking(false)} />
    </Stack>
  );
}
