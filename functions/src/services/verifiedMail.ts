/**
 * FlipStage's mail goes only to addresses their owners have verified, and at most
 * NOTICES_PER_RECIPIENT_PER_DAY a day to one inbox (issue 40). A notice is written in the name of
 * whoever caused it (a buyer's message, a report's outcome), so an address an account merely typed
 * in, someone else's perhaps, must never receive one, and no one, through however many
 * conversations or accounts, can bury an inbox in them. Every notice passes through here, whatever
 * sent it. Local mode sends no mail (its notices are files in the outbox) and counts a signed-up
 * account as verified, so there only the cap applies.
 */
import type { Identity } from '../ports/identity.js';
import type { MailNotices, Store } from '../ports/store.js';
import { logs, type Logger } from '../logs.js';
import { utcDay } from './accounts.js';
import { normaliseEmail } from './signupPerson.js';

export const NOTICES_PER_RECIPIENT_PER_DAY = 20;

export function toVerifiedAddresses(
  mail: MailNotices,
  deps: {
    identity: Pick<Identity, 'isVerifiedAddress'>;
    store: Pick<Store, 'takeNotice'>;
    needVerifiedEmail: boolean;
    logger: Logger;
  },
): MailNotices {
  return {
    async send(notice) {
      if (deps.needVerifiedEmail && !(await deps.identity.isVerifiedAddress(notice.to))) {
        return logs.mailNoticeWithheld(deps.logger, { subject: notice.subject, why: 'unverified address' });
      }
      const day = utcDay(new Date());
      if (!(await deps.store.takeNotice(normaliseEmail(notice.to), day, NOTICES_PER_RECIPIENT_PER_DAY))) {
        return logs.mailNoticeWithheld(deps.logger, { subject: notice.subject, why: 'daily cap reached' });
      }
      return mail.send(notice);
    },
  };
}
