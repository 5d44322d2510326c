import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Image, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { PIECE_LIMITS, PIECE_MESSAGES, pieceFieldsOf, type Piece } from '@flipstage/core';
import { notifySuccess } from '../../app/notify';
import { useSavePiece } from './booksQueries';
import { useImageEditPages } from './linkedStagings';

/** Linked first in the piece's order, then each newly checked one in the order it was checked. */
function toggled(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

function PickerBody({ piece, onClose }: { piece: Piece; onClose: () => void }) {
  const edits = useImageEditPages(true);
  const save = useSavePiece();
  const [selected, setSelected] = useState<string[]>(piece.stagingIds);
  const full = selected.length >= PIECE_LIMITS.stagings;

  const submit = async () => {
    try {
      await save.mutateAsync({ id: piece.id, fields: { ...pieceFieldsOf(piece), stagingIds: selected } });
      onClose();
      notifySuccess('The stagings are linked.');
    } catch {
      // Shown above the cards from the mutation's error; the picker stays open.
    }
  };

  if (edits.isPending) return <Loader size="sm" aria-label="Loading your stagings" />;
  if (edits.isError) {
    return (
      <Alert color="red" role="alert">
        Your stagings could not be loaded: {edits.error.message}
      </Alert>
    );
  }
  const all = edits.data.pages.flatMap((page) => page.data);
  return (
    <Stack gap="md">
      {save.error && (
        <Alert color="red" role="alert">
          The stagings could not be linked: {save.error.message}
        </Alert>
      )}
      {all.length === 0 ? (
        <Text c="dimmed">You have no stagings yet. Stage a photo of this piece in the studio first.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {all.map((edit) => {
            const checked = selected.includes(edit.id);
            return (
              <Checkbox.Card
                key={edit.id}
                radius="md"
                p="xs"
                checked={checked}
                // At the limit, only unchecking is left.
                disabled={full && !checked}
                onClick={() => setSelected((ids) => toggled(ids, edit.id))}
                aria-label={`Staging of ${new Date(edit.created_at).toLocaleString()}, ${edit.background_style}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Checkbox.Indicator />
                    <Text fz="xs" c="dimmed" lineClamp={1}>
                      {new Date(edit.created_at).toLocaleDateString()}
                    </Text>
                  </Group>
                  <Image src={edit.output_image_url} alt="" h={96} radius="sm" fit="cover" />
                </Stack>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      )}
      {full && <Text fz="sm">{PIECE_MESSAGES.tooManyStagings}</Text>}
      {edits.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={edits.isFetchingNextPage} onClick={() => void edits.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={save.isPending} onClick={() => void submit()}>
          Save stagings
        </Button>
      </Group>
    </Stack>
  );
}

/** Link stagings: the seller's studio history as checkable cards; saving writes the piece's stagings. */
export function StagingPicker({ piece, opened, onClose }: { piece: Piece; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Link stagings" size="lg" centered>
      {/* Mounted only while open: each opening starts from the piece's stagings as saved. */}
      {opened && <PickerBody piece={piece} onClose={onClose} />}
    </Modal>
  );
}
