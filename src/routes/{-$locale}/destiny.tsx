// `/destiny`: guarded by the `auth` middleware (signed-in users only). The open conversation and the
// list filter live in the search params, so back/forward move between the list and a thread; the
// loader reads the open thread's first page from IndexedDB before it renders.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../i18n/activateLocale";
import { runMiddleware } from "../../router/middleware";
import { session } from "../../state/session";
import {
  openChannelOf,
  validateMessengerSearch,
  type MessengerSearch,
} from "../../features/messenger/messengerSearch";
import { MessengerPage } from "../../features/messenger/MessengerPage";

/** The open thread's first page from IndexedDB (null with no thread open or no IM user). */
async function readSnapshot(deps: MessengerSearch) {
  const channel = openChannelOf(deps);
  const imUid = session.imUid;
  if (channel === null || imUid === null) return null;
  const { loadThreadSnapshot } =
    await import("../../features/messenger/threadLoader");
  return loadThreadSnapshot(imUid, channel);
}

export const Route = createFileRoute("/{-$locale}/destiny")({
  validateSearch: validateMessengerSearch,
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loaderDeps: ({ search }) => ({ chat: search.chat, type: search.type }),
  // NOTE: the thread's live query takes over once it shows; a read a few seconds old (an intent
  // preload) is good enough to paint from, so it is not read again behind the first paint.
  staleTime: 5_000,
  loader: async ({ deps }) => {
    // NOTE: a thread shows agreement cards and the staff's send-agreement button.
    const [snapshot] = await Promise.all([
      readSnapshot(deps),
      loadCatalogPart("contract"),
    ]);
    return snapshot;
  },
  component: MessengerPage,
});
