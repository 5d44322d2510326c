/** The email a participant gets about a new message: who wrote, an excerpt, and the link to answer. */
import type { MessageDoc } from '@flipstage/core';
import type { ConversationRecord, MailNotice } from '../ports/store.js';

const EXCERPT_LENGTH = 200;

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > EXCERPT_LENGTH ? `${oneLine.slice(0, EXCERPT_LENGTH - 1)}…` : oneLine;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function newMessageNotice(input: {
  to: string;
  site: string;
  conversation: ConversationRecord;
  message: MessageDoc;
  fromBuyer: boolean;
}): MailNotice {
  const { conversation, message } = input;
  const title = conversation.itemTitle;
  const sender = (input.fromBuyer ? conversation.buyerName : conversation.sellerName) ?? (input.fromBuyer ? 'A buyer' : 'The seller');
  const link = `${input.site.replace(/\/+$/, '')}/messages/${conversation.id}`;
  const said = excerpt(message.text);
  return {
    to: input.to,
    subject: `New message about “${title}” on FlipStage`,
    text: `${sender} wrote about “${title}”:\n\n${said}\n\nReply on FlipStage: ${link}\n`,
    html:
      `<p>${escapeHtml(sender)} wrote about “${escapeHtml(title)}”:</p>` +
      `<blockquote>${escapeHtml(said)}</blockquote>` +
      `<p><a href="${escapeHtml(link)}">Reply on FlipStage</a></p>`,
  };
}
