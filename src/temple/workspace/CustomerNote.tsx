// Staff's private note on a customer (never shown to them): who wrote it and when, and an editor
// with the server's length limit as a counter; saving an empty note clears it.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { WORKSPACE_LIMITS } from "#contract";
import { refusalTextOf } from "../../api/ApiError";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDateTime } from "../../lib/format";
import { open as openToast } from "../../state/toast";
import { ActionError, SendOrCancel } from "../desk/FormParts";
import { TextAreaField } from "../../ui/TextAreaField";
import { charCounter } from "../desk/staffForms";
import { type CustomerContext, saveCustomerNote } from "./workspaceApi";

export function CustomerNote({
  customer,
  onSaved,
}: {
  readonly customer: CustomerContext;
  readonly onSaved: (next: CustomerContext) => void;
}) {
  const { t } = useLingui();
  const locale = useRouteLocale();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const note = customer.note;

  const save = async () => {
    if (draft === null || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const next = await saveCustomerNote(customer.imId, draft.trim());
      onSaved(next);
      setDraft(null);
      openToast({
        type: "success",
        message: next.note === null ? t`备注已清除` : t`备注已保存`,
      });
    } catch (failure) {
      setError(refusalTextOf(failure) ?? t`备注保存失败，请重试`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ws-section" aria-labelledby="ws-note-title">
      <h3 id="ws-note-title">
        <Trans>内部备注</Trans>
        <span className="muted ws-section-hint">
          <Trans>仅工作人员可见</Trans>
        </span>
      </h3>
      {draft === null ? (
        <>
          {note === null ? (
            <p className="muted">
              <Trans>还没有备注</Trans>
            </p>
          ) : (
            <div className="card ws-note">
              <p className="ws-note-text">{note.text}</p>
              <p className="muted ws-note-by">
                {note.updatedBy === null ? (
                  <time dateTime={note.updatedAt}>
                    {formatDateTime(note.updatedAt, locale)}
                  </time>
                ) : (
                  <Trans>
                    {note.updatedBy} 写于{" "}
                    <time dateTime={note.updatedAt}>
                      {formatDateTime(note.updatedAt, locale)}
                    </time>
                  </Trans>
                )}
              </p>
            </div>
          )}
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setDraft(note?.text ?? "");
            }}
          >
            {note === null ? <Trans>添加备注</Trans> : <Trans>编辑备注</Trans>}
          </button>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextAreaField
            id="ws-note"
            label={t`备注`}
            value={draft}
            onChange={setDraft}
            rows={3}
            counter={charCounter(draft, WORKSPACE_LIMITS.noteMaxChars)}
            hint={t`留空保存即删除备注`}
            disabled={busy}
          />
          <ActionError error={error} />
          <SendOrCancel
            busy={busy}
            cancel={() => {
              setDraft(null);
              setError(undefined);
            }}
          >
            <Trans>保存备注</Trans>
          </SendOrCancel>
        </form>
      )}
    </section>
  );
}
