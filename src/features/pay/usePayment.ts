// The payment of one order as a small state machine. On a desktop: Native pay (QR code and, in
// development, the emulator cashier link). In a phone browser: H5 (off to WeChat Pay's page, which
// returns to this order page flagged, and `confirm` asks the server for the outcome). Inside
// WeChat: openid binding through OAuth when missing, then JSAPI (the emulator's cashier, or the
// JSSDK). Every path ends by polling the server's status: only the server says "paid".
import { useCallback, useEffect, useRef, useState } from "react";
import {
  requestPayOAuthState,
  startH5Pay,
  startJsapiPay,
  startNativePay,
  type Order,
  type PayStatus,
} from "../../api/commerce";
import { refusalTextOf } from "../../api/ApiError";
import { pageExit } from "../../lib/pageExit";
import { currentPayMethod, h5PayUrl, h5ReturnUrl } from "./payMethod";
import { payWithJssdk } from "./payWithJssdk";
import { pollPayStatus } from "./pollPayStatus";
import { qrDataUrl } from "./qrDataUrl";

export type PayState =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "native"; qr: string; codeUrl: string; emulator: boolean }
  | { kind: "confirming" }
  /** Back from H5 without an answer from the server (yet): unpaid, or still on its way. */
  | { kind: "unconfirmed" }
  | { kind: "cancelledByUser" }
  | { kind: "settled"; status: PayStatus }
  | { kind: "failed"; message: string | undefined };

export interface Payment {
  state: PayState;
  start: () => void;
  /** Back from WeChat's H5 page: wait a while for the server to know the outcome. */
  confirm: () => void;
}

/** How long the page returning from H5 waits for the payment's notification. */
export const H5_RETURN_WAIT_MS = 20_000;

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
    async (signal: AbortSignal, maxWaitMs?: number) => {
      const status = await pollPayStatus(order.masterOrderNo, {
        signal,
        ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
      });
      if (!status.paid && status.status === "pending_payment") {
        setState({ kind: "unconfirmed" });
        return;
      }
      setState({ kind: "settled", status });
      settledRef.current(status);
    },
    [order.masterOrderNo],
  );

  const fresh = () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    return controller.signal;
  };

  const run = useCallback(async () => {
    const signal = fresh();
    setState({ kind: "starting" });
    try {
      const method = currentPayMethod();
      if (method === "h5") {
        const h5 = await startH5Pay(order.masterOrderNo);
        if (signal.aborted) return;
        pageExit.assign(
          h5PayUrl(h5.h5Url, h5ReturnUrl(location.origin, h5.masterOrderNo)),
        );
        return;
      }
      if (method === "native") {
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

  const confirm = useCallback(() => {
    const signal = fresh();
    setState({ kind: "confirming" });
    poll(signal, H5_RETURN_WAIT_MS).catch((error: unknown) => {
      if (signal.aborted) return;
      setState({ kind: "failed", message: refusalTextOf(error) });
    });
  }, [poll]);

  return { state, start, confirm };
}
