import { Trans } from "@lingui/react/macro";

export function HomePage() {
  return (
    <h1>
      <Trans>福缘</Trans>
    </h1>
  );
}
