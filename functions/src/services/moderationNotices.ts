/**
 * The seller is told when reports take their listing off the marketplace and when a moderator
 * brings it back (issue 40): the email's text, and sending it. A notice that cannot be written is
 * logged, never a reason to undo the decision.
 */
import { escapeHtml } from '@flipstage/core';
import type { Logger } from '../logs.js';
import { logs } from '../logs.js';
import type { ItemDoc, MailNotice, MailNotices, Store } from '../ports/store.js';

export type SellerNotice = 'hidden' | 'removed' | 'restored';

function noticeText(kind: SellerNotice, item: Pick<ItemDoc, 'id' | 'title'>, reason: string | null, site: string) {
  const title = `“${item.title}”`;
  const dashboard = `${site}/dashboard`;
  switch (kind) {
    case 'hidden':
      return {
        subject: `Your listing ${title} is hidden while we review it`,
        lines: [
          `People reported your listing ${title}, so it is hidden from the marketplace until a moderator reviews it. We will email you when they decide.`,
        ],
        link: { label: 'See your listings', url: dashboard },
      };
    case 'removed':
      return {
        subject: `Your listing ${title} was removed from FlipStage`,
        lines: [`A moderator removed your listing ${title} from the marketplace.`, `Reason: ${reason ?? ''}`],
        link: { label: 'See your listings', url: dashboard },
      };
    case 'restored':
      return {
        subject: `Your listing ${title} is back on FlipStage`,
        lines: [`A moderator reviewed the reports about your listing ${title}. It is on the marketplace again.`],
        link: { label: 'See your listing', url: `${site}/marketplace/${item.id}` },
      };
  }
}

export function sellerNotice(input: {
  to: string;
  site: string;
  kind: SellerNotice;
  item: Pick<ItemDoc, 'id' | 'title'>;
  reason: string | null;
}): MailNotice {
  const site = input.site.replace(/\/+$/, '');
  const { subject, lines, link } = noticeText(input.kind, input.item, input.reason, site);
  return {
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.url}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
  };
}

export interface SellerNoticeDeps {
  store: Store;
  mail: MailNotices;
  /** The site's public origins: notices link to the first. */
  siteOrigins: readonly string[];
  logger: Logger;
}

/** Emails the listing's seller at their account's address, if they have one. */
export async function tellSeller(
  deps: SellerNoticeDeps,
  kind: SellerNotice,
  item: Pick<ItemDoc, 'id' | 'title' | 'owner'>,
  reason: string | null,
): Promise<void> {
  try {
    const to = (await deps.store.getAccount(item.owner))?.profile.email;
    if (!to) return;
    await deps.mail.send(sellerNotice({ to, site: deps.siteOrigins[0] ?? '', kind, item, reason }));
  } catch (error) {
    logs.moderationNoticeFailed(deps.logger, { itemId: item.id, notice: kind }, error);
  }
}
