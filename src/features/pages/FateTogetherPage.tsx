// Fate together: the programme text from the server and the sign-up button (→ /register).
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { HeartHandsIcon } from "../../ui/icons";
import { StaticPageView } from "./StaticPageView";

const route = getRouteApi("/{-$locale}/fateTogether");

export function FateTogetherPage() {
  const page = route.useLoaderData();
  const locale = useLocaleParam();
  return (
    <StaticPageView
      page={page}
      footer={
        <div className="cta-bar">
          <Link
            to="/{-$locale}/register"
            params={{ locale }}
            className="btn btn-primary btn-block"
          >
            <HeartHandsIcon size={20} />
            <Trans>立即报名</Trans>
          </Link>
        </div>
      }
    />
  );
}
