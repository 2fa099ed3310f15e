// `/staff/chats?chat=&filter=&pane=`: the chat workspace of service staff and admins (signed-in;
// others see the "no access" screen). Its code and the temple's and the agreements'
// catalogs load with the route.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { StaffChatsPage } from "../../../temple/workspace/StaffChatsPage";
import type { WorkspaceSearch } from "../../../temple/workspace/workspaceSearch";

export const Route = createFileRoute("/{-$locale}/staff/chats")({
  // NOTE: only typed here; the page checks the values (validateWorkspaceSearch) in its own chunk,
  // so the check does not load with every first page (the size budget of `/`).
  validateSearch: (search: Record<string, unknown>) =>
    search as WorkspaceSearch,
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async () => {
    // NOTE: the customer pane sends agreements (src/features/agreements/).
    await Promise.all([loadCatalogPart("temple"), loadCatalogPart("contract")]);
  },
  component: StaffChatsPage,
});
