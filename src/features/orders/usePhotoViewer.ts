// Which proof photo the order page's full-screen viewer shows, kept in the URL's hash (#photo-2) so
// that the phone's back gesture closes the viewer instead of leaving the page. Moving between
// photos replaces that history entry (back still closes); the scroll stays where it was.
// NOTE: a hash, not history state: a navigation to the same href makes the router re-read the
// order (a request per photo), while a new hash keeps the loaded order.
import { useCallback, useRef } from "react";
import { useRouter, useRouterState } from "@tanstack/react-router";

export interface PhotoViewer {
  /** The photo shown (from 0), or null when the viewer is closed. */
  readonly index: number | null;
  /** Opens the viewer on a photo (a new history entry). */
  readonly open: (index: number) => void;
  /** Shows another photo in the open viewer. */
  readonly show: (index: number) => void;
  readonly close: () => void;
}

const HASH = /^photo-([1-9]\d{0,3})$/;

/** The viewer over `count` photos (a photo the list does not have reads as closed). */
export function usePhotoViewer(count: number): PhotoViewer {
  const router = useRouter();
  const hash = useRouterState({ select: (state) => state.location.hash });
  // NOTE: only an entry this page pushed may be left with back(); a viewer found open in the URL
  // (a reload, a shared link) is closed by replacing its entry, so back() never leaves the order.
  const pushed = useRef(false);

  const go = useCallback(
    (index: number | null, replace: boolean) =>
      router.navigate({
        to: ".",
        search: true,
        hash: index === null ? "" : `photo-${String(index + 1)}`,
        replace,
        resetScroll: false,
        hashScrollIntoView: false,
      }),
    [router],
  );

  const open = useCallback(
    (index: number) => {
      pushed.current = true;
      void go(index, false);
    },
    [go],
  );
  const show = useCallback(
    (index: number) => {
      void go(index, true);
    },
    [go],
  );
  const close = useCallback(() => {
    if (pushed.current) {
      pushed.current = false;
      router.history.back();
      return;
    }
    void go(null, true);
  }, [go, router]);

  const match = HASH.exec(hash);
  const shown = match === null ? null : Number(match[1]) - 1;
  const index = shown !== null && shown < count ? shown : null;
  return { index, open, show, close };
}
