// 转交: hands the customer's chat to a monk or another staff member (staff/v1/handOff). Pick
// someone from the list, confirm, and the pane shows the new assignee; a refusal is said in the
// user's words. The customer is greeted in the chat by the server.
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { refusalTextOf } from "../../api/ApiError";
import { open as openToast } from "../../state/toast";
import { ActionError, SendOrCancel } from "../desk/FormParts";
import { useLoaded } from "./useLoaded";
import {
  type CustomerContext,
  fetchHandOffTargets,
  handOffChat,
  type HandOffTarget,
} from "./workspaceApi";

export function HandOff({
  customer,
  onDone,
}: {
  readonly customer: CustomerContext;
  readonly onDone: (next: CustomerContext) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-ghost ws-handoff-open"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>转交</Trans>
      </button>
    );
  return (
    <HandOffForm
      customer={customer}
      onCancel={() => {
        setOpen(false);
      }}
      onDone={(next) => {
        setOpen(false);
        onDone(next);
      }}
    />
  );
}

function HandOffForm({
  customer,
  onCancel,
  onDone,
}: {
  readonly customer: CustomerContext;
  readonly onCancel: () => void;
  readonly onDone: (next: CustomerContext) => void;
}) {
  const { t } = useLingui();
  const name = useId();
  const targets = useLoaded("handOffTargets", (signal) =>
    fetchHandOffTargets({ signal }),
  );
  const [picked, setPicked] = useState<HandOffTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const current = customer.assignedTo?.imId;
  const choices = (targets.data ?? []).filter(
    (target) => target.imId !== current && target.imId !== customer.imId,
  );

  const send = async () => {
    if (picked === null || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const next = await handOffChat(customer.imId, picked.imId);
      openToast({ type: "success", message: t`已转交给 ${picked.nickname}` });
      onDone(next);
    } catch (failure) {
      setError(refusalTextOf(failure) ?? t`转交失败，请重试`);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card ws-handoff" aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`}>
        <Trans>转交会话</Trans>
      </h3>
      {targets.failed !== undefined ? (
        <p className="form-error" role="alert">
          {refusalTextOf(targets.failed) ?? t`无法加载可转交的人员`}{" "}
          <button
            type="button"
            className="btn btn-ghost"
            onClick={targets.reload}
          >
            <Trans>重试</Trans>
          </button>
        </p>
      ) : targets.data === undefined ? (
        <div className="skeleton skeleton-line" aria-busy="true" />
      ) : confirming && picked !== null ? (
        <div role="alertdialog" aria-labelledby={`${name}-confirm`}>
          <p id={`${name}-confirm`}>
            <Trans>
              将 {customer.nickname} 的会话转交给 {picked.nickname}
              ？对方会在聊天中收到问候。
            </Trans>
          </p>
          <SendOrCancel
            busy={busy}
            onClick={() => {
              void send();
            }}
            cancel={() => {
              setConfirming(false);
            }}
          >
            <Trans>确认转交</Trans>
          </SendOrCancel>
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (picked !== null) setConfirming(true);
          }}
        >
          {choices.length === 0 ? (
            <p className="muted">
              <Trans>没有可以转交的人员</Trans>
            </p>
          ) : (
            <fieldset className="ws-handoff-choices">
              <legend className="visually-hidden">
                <Trans>转交给</Trans>
              </legend>
              {choices.map((target) => (
                <label key={target.imId} className="ws-handoff-choice">
                  <input
                    type="radio"
                    name={name}
                    value={target.imId}
                    checked={picked?.imId === target.imId}
                    onChange={() => {
                      setPicked(target);
                    }}
                  />
                  {target.avatarUrl === "" ? null : (
                    <img
                      className="staff-avatar"
                      src={target.avatarUrl}
                      alt=""
                      width={28}
                      height={28}
                    />
                  )}
                  <span>{target.nickname}</span>
                  <span className="chip">
                    {target.role === "monk" ? (
                      <Trans>法师</Trans>
                    ) : (
                      <Trans>客服</Trans>
                    )}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <ActionError error={error} />
          <div className="staff-action-buttons">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={picked === null}
            >
              <Trans>下一步</Trans>
            </button>
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              <Trans>取消</Trans>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
