// /destiny (signed-in users): the messages page frame. Conversations come with the messenger work.
import { Trans, useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../../ui/usePageTitle";

export function DestinyPage() {
  const { t } = useLingui();
  usePageTitle(t`消息`);
  return (
    <div className="page destiny-page">
      <header className="page-head">
        <h1>
          <Trans>消息</Trans>
        </h1>
      </header>
    </div>
  );
}
