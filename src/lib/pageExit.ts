// Leaving the app for another site (WeChat's authorize pages). One seam, so tests can watch the
// address instead of jsdom refusing to navigate.
export const pageExit = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
