// /admin/$section: the section the path names, with what its loader read; "no access" when the
// server refused (403).
import { getRouteApi } from "@tanstack/react-router";
import { NoAdminAccess } from "./AdminLayout";
import { ApplicationsPage } from "./ApplicationsPage";
import { AuditPage } from "./AuditPage";
import { ProductsPage } from "./ProductsPage";
import { UsersPage } from "./UsersPage";

const route = getRouteApi("/{-$locale}/admin/$section");

export function AdminSection() {
  const data = route.useLoaderData();
  if (data.kind === "noAccess") return <NoAdminAccess />;
  switch (data.section) {
    case "applications":
      return <ApplicationsPage data={data} />;
    case "users":
      return <UsersPage data={data} />;
    case "products":
      return <ProductsPage data={data} />;
    case "audit":
      return <AuditPage data={data} />;
  }
}
