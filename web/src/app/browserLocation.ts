/** Leaving the SPA for another site (Stripe Checkout, the billing portal). One place, so tests can observe it. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Leaves without keeping the current page in history, for a page that exists only to leave. */
  replace(url: string): void {
    window.location.replace(url);
  },
};
