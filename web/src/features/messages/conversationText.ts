import type { Conversation } from '@flipstage/core';

/** The other participant, as the viewer sees them. */
export function otherPersonName(conversation: Conversation, uid: string): string {
  return conversation.seller === uid
    ? (conversation.buyerName ?? 'A buyer')
    : (conversation.sellerName ?? 'The seller');
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** A time today, a date otherwise: how long ago matters less than which conversation moved last. */
export function formatWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return sameDay(at, now)
    ? at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : at.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The inbox's excerpt of the last message. */
export function excerpt(text: string, max = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
