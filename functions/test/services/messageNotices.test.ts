import { describe, expect, it } from 'vitest';
import type { MessageDoc } from '@flipstage/core';
import type { ConversationRecord } from '../../src/ports/store.js';
import { newMessageNotice } from '../../src/services/messageNotices.js';

const AT = '2026-11-26T12:00:00.000Z';
const conversation: ConversationRecord = {
  id: 'c1',
  itemId: 'i1',
  itemTitle: 'Oak <b>dresser</b>',
  itemThumb: null,
  buyer: 'bo',
  seller: 'sam',
  participants: ['bo', 'sam'],
  buyerName: 'Bo',
  sellerName: null,
  lastMessage: null,
  updated_at: AT,
  unread: {},
  blocked: false,
  reservedForBuyer: false,
  noticedAt: {},
};
const message = (text: string, from = 'bo'): MessageDoc => ({ id: 'm1', from, kind: 'text', text, price: null, offerStatus: null, created_at: AT });
const notice = (text: string, fromBuyer = true) =>
  newMessageNotice({ to: 'sam@example.com', site: 'https://flipstage.app/', conversation, message: message(text), fromBuyer });

describe('newMessageNotice', () => {
  it('names the listing in the subject and links to the conversation on the site', () => {
    const mail = notice('Still available?');
    expect(mail.subject).toBe('New message about “Oak <b>dresser</b>” on FlipStage');
    expect(mail.text).toBe('Bo wrote about “Oak <b>dresser</b>”:\n\nStill available?\n\nReply on FlipStage: https://flipstage.app/messages/c1\n');
  });

  it('escapes the listing and the message in the HTML part', () => {
    const { html } = notice('<img src=x onerror=alert(1)>');
    expect(html).toContain('Oak &lt;b&gt;dresser&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('quotes a long message as a one-line excerpt', () => {
    const { text } = notice(`${'word '.repeat(100)}\nend`);
    const quoted = text.split('\n\n')[1]!;
    expect(quoted).toHaveLength(200);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('calls a seller without a name "The seller"', () => {
    expect(notice('Yes', false).text.startsWith('The seller wrote about')).toBe(true);
  });
});
