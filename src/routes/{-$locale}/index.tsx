// `/`: home page data (featured services, newest news, temples).
import { createFileRoute } from "@tanstack/react-router";
import { fetchHome } from "../../api/content";
import { HomePage } from "../../features/home/HomePage";

export const Route = createFileRoute("/{-$locale}/")({
  loader: ({ context, abortController }) =>
    fetchHome(context.locale, { signal: abortController.signal }),
  component: HomePage,
});
