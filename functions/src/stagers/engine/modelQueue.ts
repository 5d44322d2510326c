let queue: Promise<unknown> = Promise.resolve();

/**
 * Model runs (U²-Net's and the classifier's) go one after another, across both models: each run
 * already uses every core, so two at once finish no sooner, and each holds its working memory
 * while it runs (the local host's budget is 900 MiB at two stagings at once).
 */
export function oneModelAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
