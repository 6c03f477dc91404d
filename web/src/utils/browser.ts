/**
 * Leaving the SPA (e.g. to Stripe Checkout). One seam, so tests can observe the redirect:
 * jsdom cannot navigate, and `window.location` cannot be spied on.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
