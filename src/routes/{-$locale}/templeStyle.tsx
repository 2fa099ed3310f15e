// `/templeStyle`: temples and their monks.
import { createFileRoute } from "@tanstack/react-router";
import { fetchTemples } from "../../api/content";
import { TempleStylePage } from "../../features/temples/TempleStylePage";

export const Route = createFileRoute("/{-$locale}/templeStyle")({
  loader: ({ context, abortController }) =>
    fetchTemples(context.locale, { signal: abortController.signal }),
  component: TempleStylePage,
});
