/** The owner's Delete listing, behind a confirm step; the listing's photos go with it (issue 25). */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Item } from '@flipstage/core';
import { useDeleteItem } from './sellerQueries';

export const LISTING_DELETED_MESSAGE = 'Listing deleted.';

export function DeleteListing({ item }: { item: Pick<Item, 'id' | 'title'> }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteItem();
  const navigate = useNavigate();
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync(item.id);
    } catch {
      // The message shows in the dialog, which stays open to try again or keep the listing.
      return;
    }
    // After the move: a toast belongs to the page it is raised on, and leaving a page clears it
    // once the router's own import of notify resolves; importing it here too resolves after that one.
    await navigate({ to: '/marketplace' });
    (await import('../../app/notify')).notifySuccess(LISTING_DELETED_MESSAGE);
  };
  return (
    <>
      <Button
        variant="outline"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        Delete listing
      </Button>
      <Modal opened={confirming} onClose={close} title="Delete this listing?" centered>
        <Stack gap="md">
          {remove.error && (
            <Alert color="red" variant="light" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Text>“{item.title}” and its photos will be removed for good. Buyers following a link to it will see that it is gone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Keep listing
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
