// Signing an agreement: how to sign (a drawn signature needs a pointer: finger, pen or mouse), the
// pad, clear, and submit (disabled while the pad is empty), which uploads the PNG with signContract.
// A refusal shows the server's message inline and as a toast; the pad keeps the drawing.
import { useCallback, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { refusalTextOf } from "../../api/ApiError";
import { open as openToast } from "../../state/toast";
import { signContract } from "./agreementsApi";
import { SignaturePad, type SignaturePadHandle } from "./SignaturePad";

interface SignAgreementFormProps {
  readonly agreementId: number;
  /** After signContract succeeded. */
  readonly onSigned: () => Promise<void>;
}

export function SignAgreementForm({
  agreementId,
  onSigned,
}: SignAgreementFormProps) {
  const { t } = useLingui();
  const pad = useRef<SignaturePadHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onEmptyChange = useCallback((isEmpty: boolean) => {
    setEmpty(isEmpty);
    if (!isEmpty) setError(null);
  }, []);

  const submit = async () => {
    if (empty || busy) return;
    setBusy(true);
    setError(null);
    const fail = (message: string) => {
      setError(message);
      openToast({ type: "error", message });
      setBusy(false);
    };
    try {
      const png = await pad.current?.toPng();
      if (png == null) {
        fail(t`无法生成签名图片，请清除后重新签名`);
        return;
      }
      await signContract(agreementId, png);
    } catch (cause) {
      console.warn("signContract failed", cause);
      fail(refusalTextOf(cause) ?? t`签署失败，请稍后重试`);
      return;
    }
    // NOTE: stays busy: the page turns to the signed view (or leaves) once onSigned is done.
    await onSigned();
  };

  return (
    <section
      className="card agreement-sign"
      aria-labelledby="agreement-sign-title"
    >
      <h2 id="agreement-sign-title">
        <Trans>签名</Trans>
      </h2>
      <div id="signature-help" className="agreement-help">
        <p>
          <Trans>请用手指、触控笔或鼠标在下方框内写下您的签名。</Trans>
        </p>
        <p className="muted">
          <Trans>
            手写签名需要触屏、触控笔或鼠标等指点设备，仅用键盘无法完成；如需协助，请返回聊天联系客服。
          </Trans>
        </p>
      </div>
      <div className="signature-frame">
        <SignaturePad
          ref={pad}
          onEmptyChange={onEmptyChange}
          describedBy="signature-help"
          disabled={busy}
        />
      </div>
      {error === null ? null : (
        <p className="agreement-error" role="alert">
          {error}
        </p>
      )}
      <p
        id="signature-state"
        className="muted agreement-state"
        aria-live="polite"
      >
        {empty ? <Trans>尚未签名</Trans> : <Trans>已写下签名</Trans>}
      </p>
      <div className="agreement-actions">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={empty || busy}
          onClick={() => pad.current?.clear()}
        >
          <Trans>清除</Trans>
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={empty || busy}
          aria-describedby="signature-state"
          onClick={() => void submit()}
        >
          {busy ? <Trans>正在提交…</Trans> : <Trans>签署并发送</Trans>}
        </button>
      </div>
    </section>
  );
}
