// The team's quick replies beside the composer (#22): the button opens the list, a tap on one puts
// its text into the composer (two taps in all); 管理 opens a dialog to add, edit and delete them,
// with the server's length limit as a counter.
import { useId, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { WORKSPACE_LIMITS } from "#contract";
import { refusalTextOf } from "../../api/ApiError";
import { ModalDialog } from "../../ui/ModalDialog";
import { open as openToast } from "../../state/toast";
import { CloseIcon, Icon, type IconProps } from "../../ui/icons";
import { ActionError, SendOrCancel } from "../desk/FormParts";
import { TextAreaField } from "../../ui/TextAreaField";
import { charCounter } from "../desk/staffForms";
import { useLoaded, type Loaded } from "./useLoaded";
import {
  deleteQuickReply,
  fetchQuickReplies,
  type QuickReply,
  saveQuickReply,
} from "./workspaceApi";

function QuickReplyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 3 5 13h6l-1 8 8-10h-6l1-8Z" />
    </Icon>
  );
}

export function QuickReplyButton({
  onPick,
}: {
  readonly onPick: (text: string) => void;
}) {
  const { t } = useLingui();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // NOTE: loaded when first opened, then kept while the thread is open.
  const replies = useLoaded(
    open || managing ? "quickReplies" : null,
    (signal) => fetchQuickReplies({ signal }),
  );

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-btn ws-quick-open"
        aria-label={t`快捷回复`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <QuickReplyIcon />
      </button>
      {open ? (
        <div
          id={panelId}
          className="ws-quick-panel card"
          role="region"
          aria-label={t`快捷回复`}
          onKeyDown={(event) => {
            if (event.key === "Escape") close();
          }}
        >
          <div className="ws-quick-head">
            <strong>
              <Trans>快捷回复</Trans>
            </strong>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setOpen(false);
                setManaging(true);
              }}
            >
              <Trans>管理</Trans>
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={t`关闭快捷回复`}
              onClick={close}
            >
              <CloseIcon size={20} />
            </button>
          </div>
          <ReplyPicker
            replies={replies}
            onPick={(text) => {
              setOpen(false);
              onPick(text);
            }}
          />
        </div>
      ) : null}
      {managing ? (
        <QuickReplyManager
          replies={replies}
          onClose={() => {
            setManaging(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function ReplyPicker({
  replies,
  onPick,
}: {
  readonly replies: Loaded<QuickReply[]>;
  readonly onPick: (text: string) => void;
}) {
  const { t } = useLingui();
  if (replies.failed !== undefined)
    return (
      <p className="form-error" role="alert">
        {refusalTextOf(replies.failed) ?? t`快捷回复加载失败`}{" "}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={replies.reload}
        >
          <Trans>重试</Trans>
        </button>
      </p>
    );
  if (replies.data === undefined)
    return <div className="skeleton skeleton-line" aria-busy="true" />;
  if (replies.data.length === 0)
    return (
      <p className="muted">
        <Trans>还没有快捷回复，点“管理”添加。</Trans>
      </p>
    );
  return (
    <ul className="ws-quick-list">
      {replies.data.map((reply) => (
        <li key={reply.id}>
          <button
            type="button"
            className="ws-quick-item"
            onClick={() => {
              onPick(reply.text);
            }}
          >
            {reply.text}
          </button>
        </li>
      ))}
    </ul>
  );
}

function QuickReplyManager({
  replies,
  onClose,
}: {
  readonly replies: Loaded<QuickReply[]>;
  readonly onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  /** The reply being edited: null for a new one. */
  const [editing, setEditing] = useState<{ id: number | null; text: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const list = replies.data ?? [];
  const full = list.length >= WORKSPACE_LIMITS.maxQuickReplies;

  const save = async () => {
    if (editing === undefined || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const saved = await saveQuickReply(
        editing.id === null
          ? { text: editing.text }
          : { id: editing.id, text: editing.text },
      );
      replies.replace(
        editing.id === null
          ? [...list, saved]
          : list.map((r) => (r.id === saved.id ? saved : r)),
      );
      setEditing(undefined);
      openToast({ type: "success", message: t`快捷回复已保存` });
    } catch (failure) {
      setError(refusalTextOf(failure) ?? t`快捷回复保存失败，请重试`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (reply: QuickReply) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await deleteQuickReply(reply.id);
      replies.replace(list.filter((r) => r.id !== reply.id));
      openToast({ type: "success", message: t`快捷回复已删除` });
    } catch (failure) {
      setError(refusalTextOf(failure) ?? t`快捷回复删除失败，请重试`);
      replies.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      className="ws-quick-manager"
    >
      <div className="ws-quick-head">
        <h2 id={titleId}>
          <Trans>管理快捷回复</Trans>
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t`关闭`}
          onClick={onClose}
        >
          <CloseIcon size={20} />
        </button>
      </div>
      <p className="muted">
        <Trans>
          团队共用，最多 {WORKSPACE_LIMITS.maxQuickReplies} 条，每条不超过{" "}
          {WORKSPACE_LIMITS.quickReplyMaxChars} 字。
        </Trans>
      </p>
      {editing === undefined ? null : (
        <form
          className="ws-quick-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextAreaField
            id="ws-quick-text"
            label={editing.id === null ? t`新的快捷回复` : t`编辑快捷回复`}
            value={editing.text}
            onChange={(text) => {
              setEditing({ ...editing, text });
            }}
            rows={3}
            counter={charCounter(
              editing.text,
              WORKSPACE_LIMITS.quickReplyMaxChars,
            )}
            required
            disabled={busy}
          />
          <SendOrCancel
            busy={busy}
            cancel={() => {
              setEditing(undefined);
              setError(undefined);
            }}
          >
            <Trans>保存</Trans>
          </SendOrCancel>
        </form>
      )}
      <ActionError error={error} />
      {replies.data === undefined ? (
        <div className="skeleton skeleton-line" aria-busy="true" />
      ) : (
        <ul className="ws-quick-manage-list">
          {list.map((reply) => (
            <li key={reply.id} className="ws-quick-manage-row">
              <span className="ws-quick-manage-text">{reply.text}</span>
              <span className="staff-action-buttons">
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy}
                  aria-label={t`编辑：${reply.text}`}
                  onClick={() => {
                    setEditing({ id: reply.id, text: reply.text });
                  }}
                >
                  <Trans>编辑</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-ghost ws-danger"
                  disabled={busy}
                  aria-label={t`删除：${reply.text}`}
                  onClick={() => {
                    void remove(reply);
                  }}
                >
                  <Trans>删除</Trans>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing === undefined ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={full || replies.data === undefined}
          onClick={() => {
            setEditing({ id: null, text: "" });
          }}
        >
          <Trans>添加快捷回复</Trans>
        </button>
      ) : null}
    </ModalDialog>
  );
}
