/** The pages a banned member may still open (besides signing out). */
export const CHECKPOINT_PAGES = ['/checkpoint', '/issua', '/aarovel'] as const;
