// The web app manifest joins the page once the first page has settled, not in the shell's HTML
// (#20). Chromium fetches a linked manifest while the page loads, and on a phone's connection that
// request took a share of the link from the entry script: Lighthouse's mobile LCP of /login about
// 130 ms sooner without it, side by side. Nothing on the first page needs it; installing does, and
// browsers read a manifest link added later (Chromium's installability check runs again).

/** Adds a manifest link to `doc`'s head, once: a page that has one keeps it. */
export function linkManifest(doc: Document, href: string): void {
  if (doc.head.querySelector('link[rel="manifest"]') !== null) return;
  const link = doc.createElement("link");
  link.rel = "manifest";
  link.href = href;
  doc.head.append(link);
}
