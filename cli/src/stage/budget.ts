/** "1 credit", "12 credits". */
export function creditCount(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

/** The first `max` items for this run (all of them without a budget); the rest wait for a later run. */
export function withinBudget<T>(items: readonly T[], max: number | undefined): { now: T[]; later: T[] } {
  const cut = max === undefined ? items.length : Math.min(max, items.length);
  return { now: items.slice(0, cut), later: items.slice(cut) };
}

/** Why nothing was staged, and the two ways on: stage what the balance allows, or buy more. */
export function shortfallMessage(needed: number, have: number, pricing: string): string {
  const partly = have > 0 ? ` Add --max-credits ${have} to stage ${have} now and the rest later, or buy` : ' Buy';
  return `You need ${creditCount(needed)} to stage ${needed === 1 ? 'this photo' : `these ${needed} photos`}. You currently have ${creditCount(have)}.${partly} more credits at ${pricing}`;
}

/** The summary's last word on a budgeted run. */
export function leftForLaterMessage(count: number, pricing: string): string {
  const photos = count === 1 ? '1 photo is' : `${count} photos are`;
  return `${photos} left for a later run (run the same command again). More credits: ${pricing}`;
}
