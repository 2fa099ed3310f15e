// `/monk/$id`: the monk who performs blessings (numeric id, else 404).
import { createFileRoute } from "@tanstack/react-router";
import { fetchMonk } from "../../../api/content";
import { parseId } from "../../../router/params";
import { rethrowMissing } from "../../../router/notFound";
import { MonkPage } from "../../../features/temples/MonkPage";

export const Route = createFileRoute("/{-$locale}/monk/$id")({
  params: {
    parse: (raw) => ({ id: parseId(raw.id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context, params, abortController }) =>
    fetchMonk(params.id, context.locale, {
      signal: abortController.signal,
    }).catch(rethrowMissing),
  component: MonkPage,
});
