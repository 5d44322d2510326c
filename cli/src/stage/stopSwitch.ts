/** Why a run stops starting photos: Ctrl-C, a server that no longer answers, or an empty balance. */
export type StopReason = 'interrupted' | 'unreachable' | 'out-of-credits';

/** Shared by the batch and whatever can end it early; the first reason given is the one reported. */
export class StopSwitch {
  private current: StopReason | null = null;

  get reason(): StopReason | null {
    return this.current;
  }

  stop(reason: StopReason): void {
    this.current ??= reason;
  }
}
