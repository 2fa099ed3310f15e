// The 随喜 button of one blessing, on the wall and on its page: signed-in users join once with one
// tap (the server keeps it idempotent; the count updates in place), a joined blessing says so, and
// signed-out visitors are asked to log in and come back to where they were.
import { useState } from "react";
import { Link, useLocation } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { Trans, useLingui } from "@lingui/react/macro";
import { joinBlessing, type Blessing } from "../../api/blessings";
import { refusalTextOf } from "../../api/ApiError";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { open as openToast } from "../../state/toast";

export function JoinBlessing({
  blessing,
  onJoined,
  block = false,
  describedBy,
}: {
  blessing: Blessing;
  onJoined: (joined: Pick<Blessing, "joinCount" | "joined">) => void;
  /** Full width (the blessing's own page) rather than compact (a card on the wall). */
  block?: boolean;
  /** The id of what the button is about, for a wall of identical buttons. */
  describedBy?: string;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const { isLoggedIn } = useSnapshot(session);
  const locale = useLocaleParam();
  const href = useLocation({ select: (location) => location.href });
  const size = block ? " btn-block" : "";

  const join = async () => {
    setBusy(true);
    try {
      const result = await joinBlessing(blessing.id);
      onJoined({ joinCount: result.joinCount, joined: result.joined });
      openToast({ type: "success", message: t`随喜功德，愿您吉祥` });
    } catch (error) {
      openToast({
        type: "error",
        message: refusalTextOf(error) ?? t`随喜失败，请稍后重试`,
      });
    } finally {
      setBusy(false);
    }
  };

  if (!isLoggedIn)
    return (
      <Link
        className={`btn btn-primary${size}`}
        to="/{-$locale}/login"
        params={{ locale }}
        search={{ redirect: href }}
        aria-describedby={describedBy}
      >
        <Trans>登录后随喜</Trans>
      </Link>
    );
  if (blessing.joined)
    return (
      <button
        type="button"
        className={`btn btn-ghost${size}`}
        disabled
        aria-describedby={describedBy}
      >
        <Trans>已随喜</Trans>
      </button>
    );
  return (
    <button
      type="button"
      className={`btn btn-primary${size}`}
      disabled={busy}
      aria-describedby={describedBy}
      onClick={() => {
        void join();
      }}
    >
      <Trans>随喜祝福</Trans>
    </button>
  );
}
