// `/prayer/agreement?id=`: my prayer agreement to read and sign (signed-in; someone else's or an
// unknown id is the 404 screen). The page itself is a lazy chunk, its strings a
// catalog part.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { rethrowMissing } from "../../../router/notFound";
import { fetchAgreement } from "../../../features/agreements/agreementsApi";
import {
  requireAgreementId,
  validateAgreementSearch,
} from "../../../features/agreements/agreementSearch";
import { AgreementPage } from "../../../features/agreements/AgreementPage";

export const Route = createFileRoute("/{-$locale}/prayer/agreement")({
  validateSearch: validateAgreementSearch,
  beforeLoad: ({ context, location, search }) => {
    runMiddleware(["auth"], { context, location });
    return { agreementId: requireAgreementId(search) };
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, abortController }) => {
    const [agreement] = await Promise.all([
      fetchAgreement(context.agreementId, context.locale, {
        signal: abortController.signal,
      }).catch(rethrowMissing),
      loadCatalogPart("contract"),
    ]);
    return agreement;
  },
  component: AgreementPage,
});
