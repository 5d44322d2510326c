import {
  Alert,
  Avatar,
  Badge,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { Conversation } from '@flipstage/core';
import { AnchorLink } from '../../app/links';
import { PageMeta } from '../../app/PageMeta';
import { useAuthUser } from '../../backend/session';
import { excerpt, formatWhen, otherPersonName } from './conversationText';
import { useConversations } from './liveMessages';
import classes from './Messages.module.css';

function ConversationRow({ conversation, uid }: { conversation: Conversation; uid: string }) {
  const last = conversation.lastMessage;
  const unread = conversation.unread;
  return (
    <li className={classes.row} data-unread={unread > 0 || undefined}>
      <AnchorLink
        to="/messages/$id"
        params={{ id: conversation.id }}
        className={classes.rowLink}
        underline="never"
        c="inherit"
      >
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={conversation.itemThumb} alt="" radius="sm" size={56}>
            <IconPhoto size={24} aria-hidden />
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={unread > 0 ? 700 : 600} truncate>
                {conversation.itemTitle}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatWhen(last?.at ?? conversation.updated_at)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {otherPersonName(conversation, uid)}
            </Text>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate>
                {last ? `${last.from === uid ? 'You: ' : ''}${excerpt(last.text)}` : ''}
              </Text>
              {unread > 0 && (
                <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
                  {unread} unread
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </AnchorLink>
    </li>
  );
}

/** /messages: every conversation the signed-in user is in, as buyer or seller, live. */
export function InboxPage() {
  const uid = useAuthUser()?.uid ?? '';
  const { data, error } = useConversations();
  return (
    <Container size="md" py="xl">
      <PageMeta title="Messages" description="Your conversations with buyers and sellers." path="/messages" noIndex />
      <Stack gap="lg">
        <Title order={1}>Messages</Title>
        {error && (
          <Alert color="red" role="alert" title="Your messages could not be loaded">
            {error.message}
          </Alert>
        )}
        {!data && !error && (
          <Center py="xl">
            <Loader />
            <VisuallyHidden>Loading your messages</VisuallyHidden>
          </Center>
        )}
        {data?.length === 0 && (
          <Text c="dimmed">
            No conversations yet. Message a seller from a listing on the{' '}
            <AnchorLink to="/marketplace">Marketplace</AnchorLink>, and buyers who write to you will show up here.
          </Text>
        )}
        {data && data.length > 0 && (
          <ul className={classes.list} aria-label="Conversations">
            {data.map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} uid={uid} />
            ))}
          </ul>
        )}
      </Stack>
    </Container>
  );
}
