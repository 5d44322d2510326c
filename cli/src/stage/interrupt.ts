import { EXIT } from '../errors/exitCodes.js';

export interface SignalSource {
  on(signal: 'SIGINT', listener: () => void): unknown;
  off(signal: 'SIGINT', listener: () => void): unknown;
}

/**
 * The first Ctrl-C asks the run to stop gracefully (the photos in flight are paid for, so they
 * are waited for and saved); the second quits at once, which is safe because the state file
 * is only ever replaced whole. Returns the function that puts the default behaviour back.
 */
export function catchInterrupts(
  source: SignalSource,
  onFirst: () => void,
  quit: (code: number) => void = (code) => process.exit(code),
): () => void {
  let count = 0;
  const listener = () => {
    count += 1;
    if (count === 1) onFirst();
    else quit(EXIT.interrupted);
  };
  source.on('SIGINT', listener);
  return () => source.off('SIGINT', listener);
}
