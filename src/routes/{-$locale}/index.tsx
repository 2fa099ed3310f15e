// `/`: home page data (featured services, newest news, temples).
import { createFileRoute } from "@tanstack/react-router";
import { fetchHome } from "../../api/content";
import { HomePage } from "../../features/home/HomePage";

export const Route = createFileRoute("/{-$locale}/")({
  // NOTE: not split. The landing page and the card modules it shares with the catalogue pages are
  // part of the entry (1.2 kB brotli more for every page) instead of six small scripts and two
  // stylesheets of their own: on a phone's HTTP/1.1 connections each took a connection, and a share
  // of the link, from the entry's download (Lighthouse mobile LCP, side by side: #20).
  codeSplitGroupings: [],
  loader: ({ context, abortController }) =>
    fetchHome(context.locale, { signal: abortController.signal }),
  component: HomePage,
});
