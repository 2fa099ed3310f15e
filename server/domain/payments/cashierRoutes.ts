// Development WeChat Pay cashier (mounted only with the emulator, never in production):
// GET /dev/pay/cashier?prepay_id= shows the order; POST /dev/pay/approve pays it at the emulator
// and sends the signed, encrypted notification over HTTP to PUBLIC_URL's notify endpoint (so the
// real verification path runs); POST /dev/pay/cancel leaves it unpaid. GET /dev/pay/h5?prepay_id=
// &redirect_url= is the H5 cashier a phone browser opens (h5_url): like WeChat's, it sends the
// browser back to redirect_url (only a page on PUBLIC_URL) after paying or leaving.
import type { FastifyReply } from "fastify";
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { pick } from "../../lib/locale";
import { devPageCsp } from "../dev/html";
import type { DomainPlugin } from "../../http/domainPlugin";
import { EMULATED_H5_PATH } from "../../providers/wechatPay/EmulatedOrders";
import { masterOrderNoOf } from "../orders/orderNumbers";
import {
  type CashierOrder,
  cashierPage,
  resultPage,
  yuan,
} from "./cashierPages";

type Fields = Record<string, unknown>;
const PREPAY_ID = /^wx[0-9a-f]{14,64}$/i;
const TRADE_TYPES: Record<string, string> = {
  J: "JSAPI",
  N: "NATIVE",
  H: "MWEB",
};

export const cashierRoutes: DomainPlugin = (app, deps) => {
  const { db, pay } = deps;
  const origin = () => new URL(deps.publicUrl()).origin;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", devPageCsp(origin()))
      .send(body);
  /** Only a path on our own site (never another origin). */
  const returnOf = (fields: Fields): string => {
    const value = fields.return;
    return typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value)
      ? value
      : "/";
  };
  /** H5: the absolute redirect_url, only on our own site; null without one, "" when foreign. */
  const redirectOf = (fields: Fields): string | null => {
    const value = fields.redirect_url;
    if (value === undefined || value === "") return null;
    if (typeof value !== "string") return "";
    try {
      const url = new URL(value);
      return url.origin === origin() ? url.toString() : "";
    } catch {
      return "";
    }
  };
  /** Where the result pages' "Back to the app" link goes. */
  const backOf = (fields: Fields): string =>
    redirectOf(fields) || returnOf(fields);

  const find = async (fields: Fields): Promise<CashierOrder | string> => {
    const provider = await pay.provider();
    if (provider?.emulator == null)
      return "The WeChat Pay emulator is not in use.";
    const prepayId = fields.prepay_id;
    if (typeof prepayId !== "string" || !PREPAY_ID.test(prepayId))
      return "prepay_id is missing or malformed.";
    const wire = provider.emulator.orderForPrepayId(prepayId);
    if (wire === undefined)
      return "Unknown prepay_id (the emulator forgets open payments when the server restarts: pay again).";
    const masterOrderNo = masterOrderNoOf(wire.out_trade_no);
    const [order] =
      masterOrderNo === null
        ? []
        : await db
            .select()
            .from(orders)
            .where(eq(orders.masterOrderNo, masterOrderNo));
    return {
      prepayId,
      outTradeNo: wire.out_trade_no,
      masterOrderNo,
      title:
        order === undefined
          ? "?"
          : `${pick(order.productTitle, "cn")} ×${order.quantity}`,
      totalFen: wire.amount.total,
      state: wire.trade_state,
      tradeType:
        wire.trade_type ?? TRADE_TYPES[wire.out_trade_no.charAt(18)] ?? "?",
    };
  };

  app.get(
    "/dev/pay/cashier",
    { schema: { hide: true } },
    async (request, reply) => {
      const fields = request.query as Fields;
      const found = await find(fields);
      if (typeof found === "string")
        return html(
          reply,
          400,
          resultPage("Cannot pay", found, returnOf(fields), false),
        );
      return html(reply, 200, cashierPage(found, { return: returnOf(fields) }));
    },
  );

  app.get(
    EMULATED_H5_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const fields = request.query as Fields;
      const redirect = redirectOf(fields);
      const found = await find(fields);
      if (typeof found === "string" || redirect === "")
        return html(
          reply,
          400,
          resultPage(
            "Cannot pay",
            typeof found === "string"
              ? found
              : `redirect_url must be a page on ${origin()} (WeChat returns only to the merchant's H5 domain).`,
            "/",
            false,
          ),
        );
      return html(
        reply,
        200,
        cashierPage(found, {
          ...(redirect === null ? {} : { redirect_url: redirect }),
        }),
      );
    },
  );

  app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.post(
      "/dev/pay/approve",
      { schema: { hide: true } },
      async (request, reply) => {
        const fields = (request.body ?? {}) as Fields;
        const back = backOf(fields);
        const redirect = redirectOf(fields);
        const found = await find(fields);
        const emulator = (await pay.provider())?.emulator;
        if (typeof found === "string" || emulator == null)
          return html(
            reply,
            400,
            resultPage(
              "Cannot pay",
              typeof found === "string" ? found : "No emulator.",
              back,
              false,
            ),
          );
        if (found.state !== "NOTPAY")
          return html(
            reply,
            409,
            resultPage(
              "Not payable",
              `This payment is ${found.state}.`,
              back,
              false,
            ),
          );
        emulator.completePayment({ prepayId: found.prepayId });
        const notification = emulator.buildNotification(
          found.outTradeNo,
          "SUCCESS",
        );
        let status: number;
        let text: string;
        try {
          const response = await fetch(notification.notifyUrl, {
            method: "POST",
            headers: notification.headers,
            body: notification.rawBody,
            signal: AbortSignal.timeout(10_000),
          });
          status = response.status;
          text = await response.text();
        } catch (error) {
          request.log.error(
            { err: error },
            "the emulator could not deliver the notification",
          );
          return html(
            reply,
            502,
            resultPage(
              "Notification failed",
              `Paid at the emulator, but ${notification.notifyUrl} could not be reached; the order sweeper will still find the payment.`,
              back,
              false,
            ),
          );
        }
        const delivered = status >= 200 && status < 300;
        if (delivered && redirect) return reply.redirect(redirect, 303);
        return html(
          reply,
          delivered ? 200 : 502,
          resultPage(
            delivered ? "Paid" : "Notification refused",
            delivered
              ? `${yuan(found.totalFen)} paid for order ${found.masterOrderNo ?? "?"}; the server confirmed the notification.`
              : `The notify endpoint answered ${status}: ${text}`,
            back,
            delivered,
          ),
        );
      },
    );

    scope.post(
      "/dev/pay/cancel",
      { schema: { hide: true } },
      (request, reply) => {
        const fields = (request.body ?? {}) as Fields;
        const redirect = redirectOf(fields);
        if (redirect) return reply.redirect(redirect, 303);
        return html(
          reply,
          200,
          resultPage(
            "Not paid",
            "You left the cashier; the order is still waiting for payment.",
            backOf(fields),
            true,
          ),
        );
      },
    );
    done();
  });
};
