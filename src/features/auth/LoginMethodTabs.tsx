// Tabs for the code-based sign-in methods (phone, e-mail). Both panels stay mounted, so a typed
// address and a running resend countdown survive switching; arrow keys move between tabs.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { MailIcon, PhoneIcon } from "../../ui/icons";
import type { CodeLoginKind } from "./CodeLoginForm";

interface LoginMethodTabsProps {
  methods: readonly CodeLoginKind[];
  active: CodeLoginKind;
  onSelect: (method: CodeLoginKind) => void;
  renderPanel: (method: CodeLoginKind) => ReactNode;
}

export function LoginMethodTabs({
  methods,
  active,
  onSelect,
  renderPanel,
}: LoginMethodTabsProps) {
  const { t } = useLingui();
  const id = useId();
  const tabRefs = useRef(new Map<CodeLoginKind, HTMLButtonElement>());
  const labels: Record<CodeLoginKind, string> = {
    phone: t`手机号登录`,
    email: t`邮箱登录`,
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = methods.indexOf(active);
    const step =
      event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0 || index === -1) return;
    event.preventDefault();
    const next = methods[(index + step + methods.length) % methods.length];
    if (next === undefined) return;
    onSelect(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="login-methods">
      <div
        className="login-tabs"
        role="tablist"
        aria-label={t`登录方式`}
        onKeyDown={onKeyDown}
      >
        {methods.map((method) => (
          <button
            key={method}
            ref={(element) => {
              if (element) tabRefs.current.set(method, element);
              else tabRefs.current.delete(method);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${method}`}
            aria-selected={method === active}
            aria-controls={`${id}-panel-${method}`}
            tabIndex={method === active ? 0 : -1}
            className="login-tab"
            onClick={() => {
              onSelect(method);
            }}
          >
            {method === "phone" ? (
              <PhoneIcon size={18} />
            ) : (
              <MailIcon size={18} />
            )}
            {labels[method]}
          </button>
        ))}
      </div>
      {methods.map((method) => (
        <div
          key={method}
          role="tabpanel"
          id={`${id}-panel-${method}`}
          aria-labelledby={`${id}-tab-${method}`}
          hidden={method !== active}
        >
          {renderPanel(method)}
        </div>
      ))}
    </div>
  );
}
