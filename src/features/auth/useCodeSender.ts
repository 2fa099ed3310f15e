// Sending a one-time code: the request, the resend countdown (the server's `resendAfter`), the
// "sent" toast, and the server's message when it refuses (rate limits, bad address).
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { refusalTextOf } from "../../api/ApiError";
import type { CodeSent } from "../../api/accountTypes";
import { open as openToast } from "../../state/toast";
import { useCountdown } from "./useCountdown";

/** Used when the server's answer has no usable `resendAfter`. */
export const DEFAULT_RESEND_SECONDS = 60;

export interface CodeSender {
  remaining: number;
  sending: boolean;
  sent: boolean;
  /** Resolves to undefined when the code was sent, else the message to show. */
  send: (request: () => Promise<CodeSent>) => Promise<string | undefined>;
}

export function useCodeSender(): CodeSender {
  const { t } = useLingui();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async (request: () => Promise<CodeSent>) => {
    setSending(true);
    try {
      const { resendAfter } = await request();
      countdown.start(
        Number.isFinite(resendAfter) && resendAfter > 0
          ? resendAfter
          : DEFAULT_RESEND_SECONDS,
      );
      setSent(true);
      openToast({ type: "success", message: t`验证码已发送` });
      return undefined;
    } catch (error) {
      console.error("Sending the code failed", error);
      return refusalTextOf(error) ?? t`验证码发送失败，请稍后再试`;
    } finally {
      setSending(false);
    }
  };

  return { remaining: countdown.remaining, sending, sent, send };
}
