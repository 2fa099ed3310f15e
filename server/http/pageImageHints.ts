// The images a page shows first, as its data last named them (#20), so that a page's document
// never waits for a database load. The `Link` header that preloads a page's first images is read
// from the page's own API answer; public answers are kept for a second (contentCache.ts), so a
// visitor after a quiet second made the document wait for the page's queries: 15–80 ms on the
// embedded database, which is time before the browser can ask for anything else. Now:
// - a page seen before is answered with the images its last answer named, and its data is loaded
//   again beside the document (which also has the answer ready for the page's own fetch, which
//   follows within a round trip);
// - only the first visit of a page (since start, or since it was forgotten) waits for its answer.
// A stale hint costs at most the preload of an image the page no longer shows first. A failed
// load changes nothing; an answer without images (a product that is gone) is kept as none. At most
// MAX_PAGES pages are remembered, the least recently asked forgotten first. Pure: no I/O.

/** How many pages' hints are kept (a page: one API URL, so one product in one locale). */
export const MAX_PAGES = 256;

/** Loads a page's first images from its answer; undefined when the answer could not be had. */
export type LoadImages = () => Promise<readonly string[] | undefined>;

export interface PageImageHints {
  /** The images `url`'s page shows first: as last known at once (refreshed beside), else loaded. */
  of(url: string, load: LoadImages): Promise<readonly string[]>;
}

export function createPageImageHints(max: number = MAX_PAGES): PageImageHints {
  const known = new Map<string, readonly string[]>();
  const loading = new Map<string, Promise<readonly string[] | undefined>>();

  const remember = (url: string, images: readonly string[]) => {
    known.delete(url);
    known.set(url, images);
    if (known.size > max) {
      const oldest = known.keys().next();
      if (oldest.done !== true) known.delete(oldest.value);
    }
  };

  const refresh = (url: string, load: LoadImages) => {
    const running = loading.get(url);
    if (running !== undefined) return running;
    const loaded = Promise.resolve()
      .then(load)
      .catch(() => undefined)
      .then((images) => {
        if (images !== undefined) remember(url, images);
        return images;
      })
      .finally(() => loading.delete(url));
    loading.set(url, loaded);
    return loaded;
  };

  return {
    async of(url, load) {
      const last = known.get(url);
      const loaded = refresh(url, load);
      if (last !== undefined) {
        remember(url, last);
        return last;
      }
      return (await loaded) ?? [];
    },
  };
}
