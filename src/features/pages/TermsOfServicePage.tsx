// The terms of service page (text from the server).
import { getRouteApi } from "@tanstack/react-router";
import { StaticPageView } from "./StaticPageView";

const route = getRouteApi("/{-$locale}/terms-of-service");

export function TermsOfServicePage() {
  return <StaticPageView page={route.useLoaderData()} />;
}
