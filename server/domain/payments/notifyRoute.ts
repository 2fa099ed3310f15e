// `POST /api/app/pay/v1/notify` and `…/pay/v1/refund/notify`: WeChat Pay's payment and refund
// notifications. The body is kept as the raw string (the platform signature covers those exact
// bytes), verified, decrypted, matched to our order (or refund), merchant and amount, and applied
// once however often it arrives. Answers WeChat's JSON: 200 {code: "SUCCESS"} when handled (or
// already handled), 4xx/5xx {code: "FAIL"} to be retried.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { isProviderError } from "../../providers/errors";
import { HttpError } from "../../http/errors";
import { applyRefundReport } from "../fulfilment/refundPayouts";
import type { DomainDeps, DomainPlugin } from "../../http/domainPlugin";
import type { WechatPayRefundNotification } from "../../providers/wechatPay/refundTypes";
import type { WechatPayNotification } from "../../providers/wechatPay/wechatPayTypes";
import type { PayProvider } from "./payServices";
import { settleTransaction } from "./settlePayment";

const NOTIFY_BODY_LIMIT = 64 * 1024;

function answer(
  reply: FastifyReply,
  status: number,
  message: string,
): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .send({ code: status === 200 ? "SUCCESS" : "FAIL", message });
}

/** A notification that did not verify: 401 for signatures and timestamps, 400 for the rest. */
function refusedStatus(error: unknown): { status: number; code: string } {
  const code = isProviderError(error) ? error.code : "PAY_BAD_RESPONSE";
  return {
    status:
      code === "PAY_BAD_SIGNATURE" || code === "PAY_STALE_TIMESTAMP"
        ? 401
        : 400,
    code,
  };
}

/** What one kind of notification needs: how to verify it and how to apply it. */
interface NotificationKind<N> {
  what: string;
  /** What of ours it must match: "order" or "refund". */
  matches: string;
  verify: (
    provider: PayProvider,
    incoming: { headers: FastifyRequest["headers"]; rawBody: string },
  ) => N;
  /** Applies it; resolves with what to log. */
  apply: (
    provider: PayProvider,
    notification: N,
    log: FastifyBaseLogger,
  ) => Promise<Record<string, unknown>>;
}

/**
 * The one way a notification is received: 503 without payments; verified and decrypted (401/400
 * when not); applied (400 when it does not match ours, 404 when it names nothing of ours, 500 to
 * be retried on any other failure); 200 when handled or already handled.
 */
async function receive<N>(
  pay: DomainDeps["pay"],
  kind: NotificationKind<N>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const provider = await pay.provider();
  if (provider === null)
    return answer(reply, 503, "payments are not available");
  const rawBody = typeof request.body === "string" ? request.body : "";
  let notification: N;
  try {
    notification = kind.verify(provider, { headers: request.headers, rawBody });
  } catch (error) {
    request.log.warn({ err: error }, `refused a ${kind.what} notification`);
    const { status, code } = refusedStatus(error);
    return answer(reply, status, `${code}: the notification was not accepted`);
  }
  let status = 200;
  let message = "成功";
  try {
    const logged = await kind.apply(provider, notification, request.log);
    request.log.info(logged, `${kind.what} notification`);
  } catch (error) {
    if (isProviderError(error)) {
      request.log.error(
        { err: error },
        `${kind.what} notification does not match ours`,
      );
      status = 400;
      message = `${error.code}: the notification does not match the ${kind.matches}`;
    } else if (error instanceof HttpError && error.status === 404) {
      request.log.error(
        { err: error },
        `${kind.what} notification names nothing of ours`,
      );
      status = 404;
      message = error.message;
    } else {
      request.log.error({ err: error }, `${kind.what} notification failed`);
      status = 500;
      message = "temporary failure: retry";
    }
  }
  return answer(reply, status, message);
}

export const notifyRoute: DomainPlugin = (app, deps) => {
  const { db, clock, pay, im, logger } = deps;
  // NOTE: this scope only: keep JSON bodies as the exact string that was signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "string", bodyLimit: NOTIFY_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  const payment: NotificationKind<WechatPayNotification> = {
    what: "payment",
    matches: "order",
    verify: (provider, incoming) =>
      provider.client.verifyAndDecryptNotification(incoming),
    apply: async (provider, notification, log) => {
      const { outcome, order } = await settleTransaction(
        { db, now: clock(), logger: log },
        provider,
        notification.transaction,
        { kind: "notify", notificationId: notification.id },
      );
      return {
        masterOrderNo: order.masterOrderNo,
        outcome,
        event: notification.eventType,
      };
    },
  };

  const refund: NotificationKind<WechatPayRefundNotification> = {
    what: "refund",
    matches: "refund",
    verify: (provider, incoming) =>
      provider.client.verifyAndDecryptRefundNotification(incoming),
    apply: async (_provider, notification, log) => {
      const outcome = await applyRefundReport(
        {
          db,
          logger: log,
          now: () => new Date(clock()),
          notices: { db, im, logger },
        },
        notification.refund,
        { kind: "notify", notificationId: notification.id },
      );
      return {
        outRefundNo: notification.refund.outRefundNo,
        outcome,
        event: notification.eventType,
      };
    },
  };

  app.post("/pay/v1/notify", { schema: { hide: true } }, (request, reply) =>
    receive(pay, payment, request, reply),
  );
  app.post(
    "/pay/v1/refund/notify",
    { schema: { hide: true } },
    (request, reply) => receive(pay, refund, request, reply),
  );
};
