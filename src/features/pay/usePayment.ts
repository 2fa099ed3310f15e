// The payment of one order as a small state machine. Outside WeChat: Native pay (QR code and, in
// development, the emulator cashier link). Inside WeChat: openid binding through OAuth when
// missing, then JSAPI (the emulator's cashier, or the JSSDK). Every path ends by polling the
// server's status: only the server says "paid".
import { useCallback, useEffect, useRef, useState } from "react";
import {
  requestPayOAuthState,
  startJsapiPay,
  startNativePay,
  type Order,
  type PayStatus,
} from "../../api/commerce";
import { refusalTextOf } from "../../api/ApiError";
import { pageExit } from "../../lib/pageExit";
import { isWechatUserAgent } from "../../lib/userAgent";
import { payWithJssdk } from "./payWithJssdk";
import { pollPayStatus } from "./pollPayStatus";
import { qrDataUrl } from "./qrDataUrl";

export type PayState =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "native"; qr: string; codeUrl: string; emulator: boolean }
  | { kind: "confirming" }
  | { kind: "cancelledByUser" }
  | { kind: "settled"; status: PayStatus }
  | { kind: "failed"; message: string | undefined };

export interface Payment {
  state: PayState;
  start: () => void;
}

export function usePayment(
  order: Pick<Order, "masterOrderNo" | "openidBound">,
  onSettled: (status: PayStatus) => void,
): Payment {
  const [state, setState] = useState<PayState>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });
  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );

  const poll = useCallback(
    async (signal: AbortSignal) => {
      const status = await pollPayStatus(order.masterOrderNo, { signal });
      setState({ kind: "settled", status });
      settledRef.current(status);
    },
    [order.masterOrderNo],
  );

  const run = useCallback(async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    setState({ kind: "starting" });
    try {
      if (!isWechatUserAgent(navigator.userAgent)) {
        const native = await startNativePay(order.masterOrderNo);
        const qr = await qrDataUrl(native.codeUrl);
        if (signal.aborted) return;
        setState({
          kind: "native",
          qr,
          codeUrl: native.codeUrl,
          emulator: native.emulator,
        });
        await poll(signal);
        return;
      }
      if (!order.openidBound) {
        const oauth = await requestPayOAuthState(order.masterOrderNo);
        pageExit.assign(oauth.authorizeUrl);
        return;
      }
      const jsapi = await startJsapiPay(order.masterOrderNo, location.href);
      if (jsapi.cashierUrl !== null) {
        pageExit.assign(jsapi.cashierUrl);
        return;
      }
      const done = await payWithJssdk(jsapi);
      if (signal.aborted) return;
      if (!done) {
        setState({ kind: "cancelledByUser" });
        return;
      }
      setState({ kind: "confirming" });
      await poll(signal);
    } catch (error) {
      if (signal.aborted) return;
      setState({ kind: "failed", message: refusalTextOf(error) });
    }
  }, [order.masterOrderNo, order.openidBound, poll]);

  const start = useCallback(() => {
    void run();
  }, [run]);

  return { state, start };
}
