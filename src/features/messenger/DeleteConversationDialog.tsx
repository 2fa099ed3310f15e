// Confirmation before a conversation and its local history are deleted.
import { useRef } from "react";
import { Trans } from "@lingui/react/macro";
import { ModalDialog } from "../../ui/ModalDialog";

interface DeleteConversationDialogProps {
  readonly title: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function DeleteConversationDialog({
  title,
  busy,
  onConfirm,
  onCancel,
}: DeleteConversationDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      labelledBy="delete-conversation-title"
      role="alertdialog"
      onClose={onCancel}
      initialFocus={cancel}
      className="confirm-dialog"
    >
      <h2 id="delete-conversation-title">
        <Trans>删除会话</Trans>
      </h2>
      <p>
        <Trans>
          确定删除与「{title}」的会话吗？本机上的聊天记录将一并删除。
        </Trans>
      </p>
      <div className="confirm-actions">
        <button
          ref={cancel}
          type="button"
          className="btn btn-ghost"
          onClick={onCancel}
        >
          <Trans>取消</Trans>
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={onConfirm}
        >
          <Trans>删除</Trans>
        </button>
      </div>
    </ModalDialog>
  );
}
