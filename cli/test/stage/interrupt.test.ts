import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { catchInterrupts } from '../../src/stage/interrupt.js';

function setup() {
  const source = new EventEmitter();
  const calls: string[] = [];
  const release = catchInterrupts(
    source,
    () => calls.push('stop'),
    (code) => calls.push(`quit ${code}`),
  );
  return { source, calls, release };
}

describe('catchInterrupts', () => {
  it('asks the run to stop on the first Ctrl-C without quitting', () => {
    const { source, calls } = setup();
    source.emit('SIGINT');
    expect(calls).toEqual(['stop']);
  });

  it('quits at once with 130 on the second Ctrl-C', () => {
    const { source, calls } = setup();
    source.emit('SIGINT');
    source.emit('SIGINT');
    expect(calls).toEqual(['stop', 'quit 130']);
  });

  it('stops listening once released', () => {
    const { source, calls, release } = setup();
    release();
    expect(source.listenerCount('SIGINT')).toBe(0);
    expect(calls).toEqual([]);
  });
});
