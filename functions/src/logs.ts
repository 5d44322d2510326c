/**
 * Structured logs: one JSON line per event, one named function per event, so what the backend
 * reports is listed in one place. In Cloud Functions a JSON line on stdout becomes a structured
 * log entry with its severity.
 */
export type Severity = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';
export type LogFields = Record<string, unknown>;

export interface Logger {
  write(severity: Severity, message: string, fields?: LogFields): void;
  /** A logger that adds these fields (e.g. the request id) to every line. */
  child(fields: LogFields): Logger;
}

export function createJsonLogger(
  sink: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  base: LogFields = {},
): Logger {
  return {
    write(severity, message, fields = {}) {
      sink(JSON.stringify({ severity, message, ...base, ...fields, time: new Date().toISOString() }));
    },
    child(fields) {
      return createJsonLogger(sink, { ...base, ...fields });
    },
  };
}

export const silentLogger: Logger = { write() {}, child: () => silentLogger };

function describeError(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.message, errorName: error.name, stack: error.stack };
  return { error: String(error) };
}

export const logs = {
  requestCompleted(logger: Logger, fields: { method: string; path: string; status: number; ms: number }) {
    logger.write(fields.status >= 500 ? 'ERROR' : 'INFO', 'request completed', fields);
  },
  requestFailed(logger: Logger, error: unknown) {
    logger.write('ERROR', 'request failed', describeError(error));
  },
  stagingFailed(logger: Logger, fields: { uid: string; attemptId: string }, error: unknown) {
    logger.write('WARNING', 'staging failed; credit refunded', { ...fields, ...describeError(error) });
  },
  refundFailed(logger: Logger, fields: { uid: string; attemptId: string }, error: unknown) {
    logger.write('ERROR', 'refund after a staging failure failed', { ...fields, ...describeError(error) });
  },
  progressNotRecorded(logger: Logger, fields: { uid: string; attemptId: string }, error: unknown) {
    logger.write('WARNING', 'a staging phase could not be recorded; the staging goes on', {
      ...fields,
      ...describeError(error),
    });
  },
  mailNoticeFailed(logger: Logger, fields: { conversationId: string }, error: unknown) {
    logger.write('WARNING', 'an email notice of a new message could not be written; the message was sent', {
      ...fields,
      ...describeError(error),
    });
  },
  moderationNoticeFailed(logger: Logger, fields: { itemId: string; notice: string }, error: unknown) {
    logger.write('WARNING', 'a seller could not be emailed about their reported listing; the change was made', {
      ...fields,
      ...describeError(error),
    });
  },
  mailNoticeWithheld(logger: Logger, fields: { subject: string; why: 'unverified address' | 'daily cap reached' }) {
    logger.write('INFO', `an email notice was not sent: ${fields.why}`, fields);
  },
  sweepFailed(logger: Logger, error: unknown) {
    logger.write('ERROR', 'the sweep of abandoned stagings failed', describeError(error));
  },
  eventsNotDelivered(logger: Logger, error: unknown) {
    logger.write(
      'WARNING',
      'payment events could not be delivered to the webhook route; they are sent again in a minute',
      describeError(error),
    );
  },
  abandonedStagesRefunded(logger: Logger, fields: { found: number; refunded: number }) {
    logger.write('WARNING', 'abandoned stagings refunded', fields);
  },
  webhookProcessed(logger: Logger, fields: { eventId: string; type: string; effect: string; applied: boolean }) {
    logger.write('INFO', 'webhook processed', fields);
  },
  webhookIgnored(logger: Logger, fields: { eventId: string; type: string }) {
    logger.write('DEBUG', 'webhook type not used', fields);
  },
  webhookUnknownPrice(logger: Logger, fields: { eventId: string; priceId: string | null }) {
    logger.write('WARNING', 'invoice for a price that is not a FlipStage plan; no credits granted', fields);
  },
  webhookSignatureRejected(logger: Logger) {
    logger.write('WARNING', 'webhook signature rejected');
  },
  duplicateSubscriptionCanceled(logger: Logger, fields: { eventId: string; subscriptionId: string }) {
    logger.write('WARNING', 'second live subscription canceled', fields);
  },
  accountsRestored(logger: Logger, fields: { restored: number; alreadyThere: number; file: string }) {
    logger.write('INFO', 'accounts restored into the Auth emulator', fields);
  },
  accountNotRestored(logger: Logger, fields: { uid: string; email: string | null; reason: string; file: string }) {
    logger.write(
      'WARNING',
      `the account ${fields.email ?? fields.uid} could not be restored (${fields.reason}); it stays in ${fields.file} and is tried again at the next start`,
      fields,
    );
  },
  accountsNotSaved(logger: Logger, error: unknown) {
    logger.write(
      'ERROR',
      'the accounts could not be saved to the data folder; they are tried again shortly',
      describeError(error),
    );
  },
  accountRecreated(logger: Logger, fields: { uid: string; email: string | null; resetLink: string | null }) {
    logger.write(
      'WARNING',
      fields.resetLink
        ? `the account ${fields.email} was missing from the Auth emulator (a data folder from before accounts were kept) and was made again with its old id, so its credits, images and listings are its own; choose a new password at ${fields.resetLink}`
        : `the signed-out visitor ${fields.uid} was missing from the Auth emulator (a data folder from before accounts were kept) and was made again with its old id, so its free tries are its own`,
      fields,
    );
  },
  backupWritten(logger: Logger, fields: { path: string; bytes: number; ms: number }) {
    logger.write('INFO', 'backup written', fields);
  },
  backupFailed(logger: Logger, fields: { target: string }, error: unknown) {
    logger.write('ERROR', 'backup failed; nothing was written to its target', { ...fields, ...describeError(error) });
  },
};
