// A page whose data failed to load: says so and offers a retry (re-runs the loaders).
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { isApiError } from "../../api/ApiError";
import { ErrorIcon, RefreshIcon } from "../../ui/icons";

export function LoadError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const offline = isApiError(error) && error.code === "NETWORK";

  useEffect(() => {
    console.error("Page load failed", error);
  }, [error]);

  return (
    <section className="page load-error" role="alert">
      <ErrorIcon size={48} className="load-error-icon" />
      <h1 className="load-error-title">
        <Trans>内容加载失败</Trans>
      </h1>
      <p className="muted">
        {offline ? (
          <Trans>网络连接似乎已断开，请检查网络后重试。</Trans>
        ) : (
          <Trans>服务暂时不可用，请稍后重试。</Trans>
        )}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <RefreshIcon size={18} />
        <Trans>重试</Trans>
      </button>
    </section>
  );
}
