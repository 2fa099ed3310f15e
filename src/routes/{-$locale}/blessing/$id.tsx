// `/blessing/$id`: one blessing of the wall with its join button (numeric id, else 404).
import { createFileRoute } from "@tanstack/react-router";
import { fetchBlessing } from "../../../api/blessings";
import { parseId } from "../../../router/params";
import { rethrowMissing } from "../../../router/notFound";
import { BlessingDetailPage } from "../../../features/blessing/BlessingDetailPage";

export const Route = createFileRoute("/{-$locale}/blessing/$id")({
  params: {
    parse: (raw) => ({ id: parseId(raw.id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context, params, abortController }) =>
    fetchBlessing(params.id, context.locale, {
      signal: abortController.signal,
    }).catch(rethrowMissing),
  component: BlessingDetailPage,
});
