// The "new message notifications" card of /my/settings: explains when this browser cannot push (WeChat's
// browser, no push support) or notifications are blocked, and otherwise turns Web Push on or off.
// Nothing here runs where push is missing: the card only says so.
import { useEffect, useMemo, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { pushApi } from "../../pwa/pushApi";
import {
  browserPushEnvironment,
  disablePush,
  enablePush,
  type PushEnvironment,
  type PushFailure,
  type PushState,
  readPushState,
} from "../../pwa/pushSubscription";

function FailureText({ failure }: { failure: PushFailure }) {
  switch (failure) {
    case "NOT_ALLOWED":
      return <Trans>没有获得通知权限，通知未开启。</Trans>;
    case "NO_SERVICE_WORKER":
      return <Trans>离线功能尚未就绪，请刷新页面后再试。</Trans>;
    case "PUSH_SERVICE":
      return <Trans>无法连接浏览器的推送服务，请稍后再试。</Trans>;
    case "SERVER":
      return <Trans>操作失败，请稍后再试。</Trans>;
  }
}

function StateText({ state }: { state: PushState }) {
  switch (state) {
    case "wechat":
      return (
        <Trans>
          微信内置浏览器不支持消息通知。请在手机浏览器中打开福缘，或添加到主屏幕后使用。
        </Trans>
      );
    case "unsupported":
      return <Trans>此浏览器不支持消息通知。</Trans>;
    case "denied":
      return (
        <Trans>
          通知已被浏览器阻止。请在浏览器的网站设置中允许本站发送通知，然后刷新页面。
        </Trans>
      );
    case "off":
      return <Trans>开启后，即使没有打开福缘，收到新消息时也会提醒您。</Trans>;
    case "on":
      return <Trans>已开启：收到新消息时会通知您。</Trans>;
  }
}

export function PushCard({
  environment,
}: {
  /** The browser to use (tests pass their own). */
  environment?: PushEnvironment;
}) {
  const env = useMemo(
    () => environment ?? browserPushEnvironment(window),
    [environment],
  );
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  useEffect(() => {
    let live = true;
    readPushState(env, pushApi).then(
      (next) => {
        if (live) setState(next);
      },
      (error: unknown) => {
        console.warn("Reading the push state failed", error);
        if (live) setState("off");
      },
    );
    return () => {
      live = false;
    };
  }, [env]);

  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await enablePush(env, pushApi);
      if (result.ok) setState("on");
      else {
        setState(result.state);
        setFailure(result.failure);
      }
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await disablePush(env, pushApi);
      setState("off");
    } catch (error) {
      console.warn("Turning push off failed", error);
      setFailure("SERVER");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="card my-section"
      aria-labelledby="push-title"
      aria-busy={state === null}
      data-testid="push-card"
      data-state={state ?? "loading"}
    >
      <h2 id="push-title" className="my-section-title">
        <Trans>新消息通知</Trans>
      </h2>
      {state === null ? null : (
        <p className="my-section-lead">
          <StateText state={state} />
        </p>
      )}
      {state === "off" ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={busy}
          onClick={() => {
            void turnOn();
          }}
        >
          <Trans>开启</Trans>
        </button>
      ) : state === "on" ? (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={busy}
          onClick={() => {
            void turnOff();
          }}
        >
          <Trans>关闭</Trans>
        </button>
      ) : null}
      {failure === null ? null : (
        <p role="alert">
          <FailureText failure={failure} />
        </p>
      )}
    </section>
  );
}
