import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPrice, type Conversation, type Message, type OfferStatus } from '@flipstage/core';
import { formatWhen } from './conversationText';
import { ReportDialog } from './MessageForms';
import classes from './Messages.module.css';

export interface ThreadActions {
  /** The seller's answer to a pending offer. */
  decide(messageId: string, decision: 'accept' | 'decline'): Promise<void>;
  report(messageId: string, reason: string): Promise<void>;
}

const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Waiting for the seller',
  accepted: 'Accepted',
  declined: 'Declined',
};

const OFFER_STATUS_COLORS: Record<OfferStatus, string> = { pending: 'yellow', accepted: 'teal', declined: 'gray' };

function OfferCard({ message, canDecide, actions }: { message: Message; canDecide: boolean; actions: ThreadActions }) {
  const [busy, setBusy] = useState(false);
  const status = message.offerStatus ?? 'pending';
  const decide = async (decision: 'accept' | 'decline') => {
    setBusy(true);
    try {
      await actions.decide(message.id, decision);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Offer of ${formatPrice(message.price ?? 0)}`} role="group">
      <Stack gap={6}>
        <Group gap="sm">
          <Text fw={700}>Offer: {formatPrice(message.price ?? 0)}</Text>
          <Badge color={OFFER_STATUS_COLORS[status]} variant="light">
            {OFFER_STATUS_LABELS[status]}
          </Badge>
        </Group>
        {message.text && <Text size="sm">{message.text}</Text>}
        {canDecide && status === 'pending' && (
          <Group gap="xs">
            <Button size="xs" loading={busy} onClick={() => void decide('accept')}>
              Accept offer
            </Button>
            <Button size="xs" variant="default" disabled={busy} onClick={() => void decide('decline')}>
              Decline
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function MessageItem({
  message,
  uid,
  conversation,
  actions,
  onReport,
}: {
  message: Message;
  uid: string;
  conversation: Conversation;
  actions: ThreadActions;
  onReport: (message: Message) => void;
}) {
  const mine = message.from === uid;
  if (message.kind === 'status') {
    return (
      <li className={classes.status}>
        <Text size="sm" c="dimmed" fs="italic">
          {message.text} · {formatWhen(message.created_at)}
        </Text>
      </li>
    );
  }
  const sender = mine ? 'You' : message.from === conversation.seller ? 'Seller' : 'Buyer';
  return (
    <li className={classes.bubble} data-mine={mine || undefined}>
      <Stack gap={4}>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="xs" fw={600}>
            {sender}
          </Text>
          <Text size="xs" c="dimmed">
            {formatWhen(message.created_at)}
          </Text>
        </Group>
        {message.kind === 'offer' ? (
          <OfferCard message={message} canDecide={uid === conversation.seller} actions={actions} />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Text>
        )}
        {!mine && (
          <Group justify="flex-end">
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onReport(message)}>
              Report
            </Button>
          </Group>
        )}
      </Stack>
    </li>
  );
}

/** The conversation's messages, oldest first: text, offers (the seller answers them here) and status notes. */
export function MessageThread({
  conversation,
  messages,
  uid,
  actions,
}: {
  conversation: Conversation;
  messages: Message[];
  uid: string;
  actions: ThreadActions;
}) {
  const [reporting, setReporting] = useState<Message | null>(null);
  return (
    <>
      <ol className={classes.thread} aria-label="Messages" aria-live="polite">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            uid={uid}
            conversation={conversation}
            actions={actions}
            onReport={setReporting}
          />
        ))}
      </ol>
      <ReportDialog
        title="Report message"
        opened={reporting !== null}
        onClose={() => setReporting(null)}
        onSubmit={(reason) => actions.report(reporting!.id, reason)}
      />
    </>
  );
}
