/**
 * How long staging may take, end to end. Firebase Hosting cuts a request rewritten to a function
 * at 60 s and answers the browser with a bare 504, which a client cannot tell from a lost request;
 * so every wait inside a staging request ends well before that, and the request answers in JSON.
 */

/** The stager's whole budget, Photoroom's retries included. */
export const STAGE_DEADLINE_MS = 45_000;

/** A repeated key waits this long for the first request, then answers 409 "in progress". */
export const DUPLICATE_WAIT_MS = 40_000;
export const DUPLICATE_POLL_MS = 250;

/**
 * A pending attempt older than this belongs to a request that died (a killed instance, a crash
 * between debit and refund): the deadline plus storing the result, with room to spare. The sweep
 * refunds it, and a retry with its key starts over.
 */
export const STALE_STAGE_AFTER_MS = 2 * 60_000;
