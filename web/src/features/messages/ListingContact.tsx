import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconFlag, IconMessage, IconTag } from '@tabler/icons-react';
import type { ItemDetail } from '@flipstage/core';
import { ButtonLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useBackend } from '../../backend/BackendContext';
import { useAuthUser } from '../../backend/session';
import { FirstMessageDialog, OfferDialog, ReportDialog } from './MessageForms';

/** The conversation's opening line when a buyer's first word is an offer without a note. */
export const OFFER_OPENING = 'I would like to make an offer.';

type Open = 'message' | 'offer' | 'report' | null;

/**
 * On a listing's page: "Message seller" and "Make an offer" for a buyer (each opens the
 * conversation about it), "Report listing" for anyone signed in but the owner. A signed-out
 * visitor's "Message seller" leads to sign-in and back; the owner sees none of it.
 */
export function ListingContact({ item }: { item: Pick<ItemDetail, 'id' | 'owner' | 'state'> }) {
  const { messages } = useBackend();
  const uid = useAuthUser()?.uid ?? null;
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const listingPath = `/marketplace/${item.id}`;

  if (uid === null) {
    return item.state === 'sold' ? null : (
      <Group>
        <ButtonLink
          to="/auth/$type"
          params={{ type: 'signin' }}
          search={{ next: listingPath }}
          leftSection={<IconMessage size={16} aria-hidden />}
        >
          Message seller
        </ButtonLink>
      </Group>
    );
  }
  if (uid === item.owner) return null;

  const openConversation = (id: string) => navigate({ to: '/messages/$id', params: { id } });

  return (
    <>
      <Group>
        {item.state !== 'sold' && (
          <>
            <Button leftSection={<IconMessage size={16} aria-hidden />} onClick={() => setOpen('message')}>
              Message seller
            </Button>
            <Button variant="outline" leftSection={<IconTag size={16} aria-hidden />} onClick={() => setOpen('offer')}>
              Make an offer
            </Button>
          </>
        )}
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFlag size={16} aria-hidden />}
          onClick={() => setOpen('report')}
        >
          Report listing
        </Button>
      </Group>
      <FirstMessageDialog
        opened={open === 'message'}
        onClose={close}
        onSubmit={async (text) => {
          const conversation = await messages.start(item.id, text);
          await openConversation(conversation.id);
        }}
      />
      <OfferDialog
        opened={open === 'offer'}
        onClose={close}
        onSubmit={async ({ price, text }) => {
          const conversation = await messages.start(item.id, text ?? OFFER_OPENING);
          await messages.offer(conversation.id, price);
          await openConversation(conversation.id);
        }}
      />
      <ReportDialog
        title="Report listing"
        opened={open === 'report'}
        onClose={close}
        onSubmit={async (reason) => {
          await messages.report({ itemId: item.id, reason });
          notifySuccess('Thank you: we will review this listing.');
        }}
      />
    </>
  );
}
