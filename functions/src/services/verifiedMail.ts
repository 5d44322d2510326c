/**
 * FlipStage's mail goes only to addresses their owners have verified (issue 40). A notice is
 * written in the name of whoever caused it (a buyer's message, a report's outcome), so an address
 * an account merely typed in, someone else's perhaps, must never receive one. Every notice passes
 * through here, whatever sent it. Local mode sends no mail (its notices are files in the outbox)
 * and counts a signed-up account as verified, so there it passes everything.
 */
import type { Identity } from '../ports/identity.js';
import type { MailNotices } from '../ports/conversations.js';
import { logs, type Logger } from '../logs.js';

export function toVerifiedAddresses(
  mail: MailNotices,
  deps: { identity: Pick<Identity, 'isVerifiedAddress'>; needVerifiedEmail: boolean; logger: Logger },
): MailNotices {
  if (!deps.needVerifiedEmail) return mail;
  return {
    async send(notice) {
      if (await deps.identity.isVerifiedAddress(notice.to)) return mail.send(notice);
      logs.mailNoticeWithheld(deps.logger, { subject: notice.subject });
    },
  };
}
