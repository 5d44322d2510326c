import { useEffect, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconPhoto, IconTag } from '@tabler/icons-react';
import { MESSAGES, type Conversation } from '@flipstage/core';
import { AnchorLink } from '../../app/links';
import { notifyError, notifySuccess } from '../../app/notify';
import { PageMeta } from '../../app/PageMeta';
import { useBackend } from '../../backend/BackendContext';
import type { ListingStatusChange } from '../../backend/messages';
import { useAuthUser } from '../../backend/session';
import { otherPersonName } from './conversationText';
import { useConversation } from './liveMessages';
import { Composer, OfferDialog } from './MessageForms';
import { MessageThread, type ThreadActions } from './MessageThread';

/** Runs a write; its failure is told in a toast, as the page has no form to show it in. */
function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, action: () => Promise<unknown>, done?: string) => {
    setBusy(name);
    try {
      await action();
      if (done) notifySuccess(done);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

const STATUS_ACTIONS: Array<{ status: ListingStatusChange; label: string; done: string }> = [
  { status: 'reserved', label: 'Mark reserved', done: 'The listing is reserved for this buyer.' },
  { status: 'sold', label: 'Mark sold', done: 'The listing is marked sold.' },
  { status: 'available', label: 'Mark available', done: 'The listing is available again.' },
];

/** The seller's controls over the listing and the buyer, from the conversation. */
function SellerActions({ conversation }: { conversation: Conversation }) {
  const { messages } = useBackend();
  const { busy, run } = useAction();
  return (
    <Group gap="xs" role="group" aria-label="Seller actions">
      {STATUS_ACTIONS.map(({ status, label, done }) => (
        <Button
          key={status}
          size="xs"
          variant="light"
          loading={busy === status}
          disabled={busy !== null && busy !== status}
          onClick={() => void run(status, () => messages.setListingStatus(conversation.id, status), done)}
        >
          {label}
        </Button>
      ))}
      <Button
        size="xs"
        variant="outline"
        color="red"
        loading={busy === 'block'}
        disabled={busy !== null && busy !== 'block'}
        onClick={() =>
          void run(
            'block',
            () => messages.block(conversation.id, !conversation.blocked),
            conversation.blocked ? 'The buyer can message you again.' : 'The buyer can no longer message you.',
          )
        }
      >
        {conversation.blocked ? 'Unblock buyer' : 'Block buyer'}
      </Button>
    </Group>
  );
}

function Header({ conversation, uid }: { conversation: Conversation; uid: string }) {
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={conversation.itemThumb} alt="" radius="sm" size={64}>
        <IconPhoto size={28} aria-hidden />
      </Avatar>
      <Stack gap={2} miw={0}>
        <Title order={1} size="h3">
          <AnchorLink to="/marketplace/$id" params={{ id: conversation.itemId }} c="inherit">
            {conversation.itemTitle}
          </AnchorLink>
        </Title>
        <Text c="dimmed">
          With {otherPersonName(conversation, uid)}
          {conversation.reservedForBuyer && ' · reserved for this buyer'}
        </Text>
      </Stack>
    </Group>
  );
}

/** /messages/{id}: one conversation, live; shown means read. */
export function ConversationPage({ id }: { id: string }) {
  const { messages } = useBackend();
  const uid = useAuthUser()?.uid ?? '';
  const { data, error } = useConversation(id);
  const [offering, setOffering] = useState(false);
  const conversation = data?.conversation;
  const unread = conversation?.unread ?? 0;

  useEffect(() => {
    // Messages that arrive while the conversation is open are read as they show.
    if (unread > 0) messages.markRead(id).catch((failure: unknown) => console.warn('Not marked read', failure));
  }, [messages, id, unread, data]);

  const actions: ThreadActions = {
    decide: async (messageId, decision) => {
      try {
        await messages.decide(id, messageId, decision);
        notifySuccess(
          decision === 'accept' ? 'Offer accepted: the listing is reserved for this buyer.' : 'Offer declined.',
        );
      } catch (failure) {
        notifyError(failure instanceof Error ? failure.message : String(failure));
      }
    },
    report: async (messageId, reason) => {
      await messages.report({ itemId: conversation!.itemId, conversationId: id, messageId, reason });
      notifySuccess('Thank you: we will review this message.');
    },
  };

  const isSeller = conversation?.seller === uid;
  return (
    <Container size="md" py="xl">
      <PageMeta
        title={conversation?.itemTitle ?? 'Conversation'}
        description="A conversation on FlipStage."
        path={`/messages/${id}`}
        noIndex
      />
      <Stack gap="lg">
        <AnchorLink to="/messages" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All messages
          </Group>
        </AnchorLink>
        {error && !data && (
          <Alert color="red" role="alert" title="This conversation could not be loaded">
            {error.message}
          </Alert>
        )}
        {!data && !error && (
          <Center py="xl">
            <Loader />
            <VisuallyHidden>Loading the conversation</VisuallyHidden>
          </Center>
        )}
        {data && conversation && (
          <>
            <Header conversation={conversation} uid={uid} />
            {isSeller && <SellerActions conversation={conversation} />}
            <MessageThread conversation={conversation} messages={data.data} uid={uid} actions={actions} />
            {!isSeller && conversation.blocked ? (
              <Alert color="gray" role="status">
                {MESSAGES.blockedBySeller}
              </Alert>
            ) : (
              <Stack gap="xs">
                <Composer onSend={(text) => messages.send(id, text)} />
                {!isSeller && (
                  <Group>
                    <Button
                      variant="outline"
                      leftSection={<IconTag size={16} aria-hidden />}
                      onClick={() => setOffering(true)}
                    >
                      Make an offer
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
            <OfferDialog
              opened={offering}
              onClose={() => setOffering(false)}
              onSubmit={({ price, text }) => messages.offer(id, price, text)}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
