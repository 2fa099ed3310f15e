// The privacy policy page (text from the server).
import { getRouteApi } from "@tanstack/react-router";
import { StaticPageView } from "./StaticPageView";

const route = getRouteApi("/{-$locale}/privacy-policy");

export function PrivacyPolicyPage() {
  return <StaticPageView page={route.useLoaderData()} />;
}
