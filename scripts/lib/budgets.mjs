/**
 * The web app's size budgets, in one place: `npm test`'s "web bundle budget" step and
 * `npm run bench:web` both read them.
 */

/**
 * The home route's initial JS, gzip KB: the entry chunk, the home route's chunk and every chunk they
 * import statically. Issue 26's goal is 170; it stays at 260 (the bundle measured 259.5 at the
 * start) until the bundle cut lands, so the check passes meanwhile and catches growth.
 */
export const HOME_INITIAL_JS_BUDGET_KB = 260;

/** Issue 26's goal for the home route's initial JS, which bench:web prints beside the figure. */
export const HOME_INITIAL_JS_GOAL_KB = 170;
