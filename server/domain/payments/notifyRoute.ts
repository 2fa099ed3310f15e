// `POST /api/app/pay/v1/notify`: WeChat Pay's payment notifications. The body is kept as the raw
// string (the platform signature covers those exact bytes), verified, decrypted, matched to our
// order, merchant and amount, and applied once however often it arrives. Answers WeChat's JSON:
// 200 {code: "SUCCESS"} when handled (or already handled), 4xx/5xx {code: "FAIL"} to be retried.
import type { FastifyReply } from "fastify";
import { isProviderError } from "../../providers/errors";
import { HttpError } from "../../http/errors";
import type { CommercePlugin } from "../orders/commerceDeps";
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

export const notifyRoute: CommercePlugin = (app, deps) => {
  const { db, clock, pay } = deps;
  // NOTE: this scope only: keep JSON bodies as the exact string that was signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "string", bodyLimit: NOTIFY_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post(
    "/pay/v1/notify",
    { schema: { hide: true } },
    async (request, reply) => {
      const provider = await pay.provider();
      if (provider === null)
        return answer(reply, 503, "payments are not available");
      const rawBody = typeof request.body === "string" ? request.body : "";
      let notification;
      try {
        notification = provider.client.verifyAndDecryptNotification({
          headers: request.headers,
          rawBody,
        });
      } catch (error) {
        request.log.warn({ err: error }, "refused a payment notification");
        const code = isProviderError(error) ? error.code : "PAY_BAD_RESPONSE";
        return answer(
          reply,
          code === "PAY_BAD_SIGNATURE" || code === "PAY_STALE_TIMESTAMP"
            ? 401
            : 400,
          `${code}: the notification was not accepted`,
        );
      }
      let status = 200;
      let message = "成功";
      try {
        const { outcome, order } = await settleTransaction(
          { db, now: clock(), logger: request.log },
          provider,
          notification.transaction,
          { kind: "notify", notificationId: notification.id },
        );
        request.log.info(
          {
            masterOrderNo: order.masterOrderNo,
            outcome,
            event: notification.eventType,
          },
          "payment notification",
        );
      } catch (error) {
        if (isProviderError(error)) {
          request.log.error(
            { err: error },
            "payment notification does not match the order",
          );
          status = 400;
          message = `${error.code}: the notification does not match the order`;
        } else if (error instanceof HttpError && error.status === 404) {
          status = 404;
          message = error.message;
        } else {
          request.log.error({ err: error }, "payment notification failed");
          status = 500;
          message = "temporary failure: retry";
        }
      }
      return answer(reply, status, message);
    },
  );
};
