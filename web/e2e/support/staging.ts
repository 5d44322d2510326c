/**
 * How long a journey waits for a staged result: staging runs the real engine, which on a loaded
 * two-core machine (the whole suite beside it) can take far longer than the default 15 s wait.
 */
export const STAGING_TIMEOUT = 60_000;
