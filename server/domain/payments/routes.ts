// Pay endpoints under /api/app/pay/v1 (signed in, own orders only): the snsapi_base state and
// openid binding for JSAPI, JSAPI, Native (QR) and H5 (phone browser) payment, and the status the
// client polls. The client
// never decides that an order is paid: only notify.ts, the sweeper and WeChat queries do.
import {
  BindOpenidRequest,
  BindOpenidResult,
  H5Result,
  JsapiRequest,
  JsapiResult,
  NativeResult,
  OauthStateResult,
  OrderRefBody,
  PayStatus,
  PayStatusQuery,
} from "#contract/schemas";
import { and, eq, gt } from "drizzle-orm";
import { type OrderRow, orders } from "../../db/schema";
import { EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import { isProviderError } from "../../providers/errors";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { randomBase36, sha256Hex } from "../auth/tokenCrypto";
import type { DomainPlugin } from "../../http/domainPlugin";
import { findOwnOrder, type OrderRefInput } from "../orders/orderQueries";
import { PAID_STATUSES } from "../orders/orderStatus";
import { PAY_WINDOW_MS } from "../orders/present";
import { ORDER_ERRORS } from "../orders/schemas";
import { WECHAT_CALLBACK_PATH } from "../system/runtimeConfig";
import type { PayProvider } from "./payServices";
import { type PayerOf, preparePayment, requirePayable } from "./preparePayment";

const tags = ["payments"];
const STATE_TTL_MS = 10 * 60_000;
const ERRORS = { ...ORDER_ERRORS, 502: ORDER_ERRORS[503] };

export const payRoutes: DomainPlugin = (app, deps) => {
  const { db, auth, clock, pay } = deps;
  const context = () => ({ db, now: clock(), logger: deps.logger });
  /** What every pay answer says about the order. */
  const answerFor = (order: OrderRow, provider: PayProvider) => ({
    masterId: order.id,
    masterOrderNo: order.masterOrderNo,
    totalFen: order.totalFen,
    payBefore: new Date(
      order.createdAt.getTime() + PAY_WINDOW_MS,
    ).toISOString(),
    emulator: provider.emulator !== null,
  });
  /** Native and H5: the order's one prepay, and the URL WeChat Pay gave for it. */
  const payByUrl = async (
    ref: OrderRefInput,
    { userId }: { userId: number },
    payer: PayerOf & { channel: "native" | "h5" },
  ) => {
    const { order } = await findOwnOrder(db, userId, ref);
    requirePayable(order, clock());
    const provider = await pay.requireProvider();
    const prepared = await preparePayment(context(), provider, order, payer);
    if (prepared.codeUrl === null)
      throw new Error(`${payer.channel} prepay without its URL`);
    return { answer: answerFor(order, provider), url: prepared.codeUrl };
  };

  return signedInRoutes(app, auth, (app) => {
    app.post(
      "/pay/v1/oauthState",
      {
        schema: {
          tags,
          summary:
            "Start the silent (snsapi_base) authorisation that gives a JSAPI payment its payer openid",
          security: BEARER,
          body: OrderRefBody,
          response: { 200: EnvelopeOf(OauthStateResult), ...ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const { order } = await findOwnOrder(db, userId, request.body);
        requirePayable(order, clock());
        const oauth = pay.oauth;
        if (oauth === null)
          throw new HttpError(
            "PAYMENT_JSAPI_UNAVAILABLE",
            "JSAPI payment needs the WeChat official account (WECHAT_MP_APP_ID/SECRET)",
          );
        const state = randomBase36(26);
        await db
          .update(orders)
          .set({
            oauthStateHash: sha256Hex(state),
            oauthStateExpiresAt: new Date(clock() + STATE_TTL_MS),
          })
          .where(eq(orders.id, order.id));
        const publicUrl = deps.publicUrl();
        const redirect = new URL(`${publicUrl}${WECHAT_CALLBACK_PATH}`);
        redirect.search = new URLSearchParams({
          type: "2",
          source: "order",
          masterId: String(order.id),
          masterOrderNo: order.masterOrderNo,
          id: String(order.productId),
        }).toString();
        const authorize = new URL(pay.authorizeUrl(publicUrl));
        authorize.search = new URLSearchParams({
          appid: oauth.appId,
          redirect_uri: redirect.toString(),
          response_type: "code",
          scope: "snsapi_base",
          state,
        }).toString();
        authorize.hash = "wechat_redirect";
        return ok({
          state,
          appId: oauth.appId,
          redirectUrl: redirect.toString(),
          authorizeUrl: authorize.toString(),
        });
      },
    );

    app.post(
      "/pay/v1/bindOpenid",
      {
        schema: {
          tags,
          summary:
            "After the silent authorisation: exchange the code for the payer openid and keep it on the order",
          security: BEARER,
          body: BindOpenidRequest,
          response: { 200: EnvelopeOf(BindOpenidResult), ...ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const { code, state, masterId } = request.body;
        const { order } = await findOwnOrder(db, userId, { masterId });
        requirePayable(order, clock());
        const oauth = pay.oauth;
        if (oauth === null)
          throw new HttpError(
            "PAYMENT_JSAPI_UNAVAILABLE",
            "JSAPI payment needs the WeChat official account (WECHAT_MP_APP_ID/SECRET)",
          );
        // NOTE: single use: the state is cleared by the same statement that checks it.
        const [claimed] = await db
          .update(orders)
          .set({ oauthStateHash: null, oauthStateExpiresAt: null })
          .where(
            and(
              eq(orders.id, order.id),
              eq(orders.oauthStateHash, sha256Hex(state)),
              gt(orders.oauthStateExpiresAt, new Date(clock())),
            ),
          )
          .returning({ id: orders.id });
        if (claimed === undefined)
          throw new HttpError(
            "WECHAT_AUTH_EXPIRED",
            "body/state does not match this order's authorisation or has expired (start again)",
          );
        let openid: string;
        try {
          openid = (await oauth.exchangeCode(code)).openid;
        } catch (error) {
          if (
            isProviderError(error) &&
            (error.code === "WECHAT_INVALID_CODE" ||
              error.code === "WECHAT_CODE_USED")
          )
            throw new HttpError(
              "WECHAT_AUTH_EXPIRED",
              "body/code was not accepted by WeChat (expired or used)",
            );
          throw new HttpError(
            "WECHAT_UNREACHABLE",
            "WeChat did not answer the code exchange: try again",
            { cause: error },
          );
        }
        await db
          .update(orders)
          .set({ payerOpenid: openid, updatedAt: new Date(clock()) })
          .where(eq(orders.id, order.id));
        return ok({
          masterId: order.id,
          masterOrderNo: order.masterOrderNo,
          openidBound: true as const,
        });
      },
    );

    app.post(
      "/pay/v1/jsapi",
      {
        schema: {
          tags,
          summary:
            "Pay inside WeChat: JSAPI parameters for WeixinJSBridge plus wx.config for the page",
          security: BEARER,
          body: JsapiRequest,
          response: { 200: EnvelopeOf(JsapiResult), ...ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const { order } = await findOwnOrder(db, userId, request.body);
        requirePayable(order, clock());
        const publicUrl = deps.publicUrl();
        let page: URL;
        try {
          page = new URL(request.body.url);
        } catch {
          throw new HttpError(
            "INVALID_FIELD",
            "body/url must be an absolute URL",
            { params: { field: "url" } },
          );
        }
        if (page.origin !== new URL(publicUrl).origin)
          throw new HttpError(
            "INVALID_FIELD",
            `body/url must be a page on ${new URL(publicUrl).origin}`,
            { params: { field: "url" } },
          );
        if (order.payerOpenid === null)
          throw new HttpError(
            "PAYER_OPENID_MISSING",
            "no payer openid yet: run pay/v1/oauthState, WeChat's authorisation and pay/v1/bindOpenid first",
          );
        const provider = await pay.requireProvider();
        const jssdk = pay.jssdk;
        if (jssdk === null)
          throw new HttpError(
            "PAYMENT_JSAPI_UNAVAILABLE",
            "JSAPI payment needs the WeChat official account (WECHAT_MP_APP_ID/SECRET)",
          );
        const prepared = await preparePayment(context(), provider, order, {
          channel: "jsapi",
          openid: order.payerOpenid,
        });
        if (prepared.prepayId === null)
          throw new Error("JSAPI prepay without prepay_id");
        const params = provider.client.jsapiPayParams({
          appId: provider.appId,
          prepayId: prepared.prepayId,
        });
        let config;
        try {
          config = await jssdk.signPage(page.toString());
        } catch (error) {
          throw new HttpError(
            "WECHAT_UNREACHABLE",
            "WeChat did not give a JS-SDK ticket: try again",
            { cause: error },
          );
        }
        const cashier = new URL("/dev/pay/cashier", publicUrl);
        cashier.searchParams.set("prepay_id", prepared.prepayId);
        return ok({
          ...answerFor(order, provider),
          ...params,
          config,
          cashierUrl: provider.emulator === null ? null : cashier.toString(),
        });
      },
    );

    app.post(
      "/pay/v1/native",
      {
        schema: {
          tags,
          summary:
            "Pay outside WeChat: a Native code_url to show as a QR code (then poll pay/v1/status)",
          security: BEARER,
          body: OrderRefBody,
          response: { 200: EnvelopeOf(NativeResult), ...ERRORS },
        },
      },
      async (request) => {
        const { answer, url } = await payByUrl(
          request.body,
          signedIn(request),
          {
            channel: "native",
          },
        );
        return ok({ ...answer, codeUrl: url });
      },
    );

    app.post(
      "/pay/v1/h5",
      {
        schema: {
          tags,
          summary:
            "Pay in a phone browser outside WeChat: an H5 h5_url to open (then poll pay/v1/status on return)",
          security: BEARER,
          body: OrderRefBody,
          response: { 200: EnvelopeOf(H5Result), ...ERRORS },
        },
      },
      async (request) => {
        // NOTE: WeChat checks that the browser opening h5_url has this IP: request.ip follows
        // TRUST_PROXY, so behind a proxy it is the X-Forwarded-For client, never the proxy.
        const { answer, url } = await payByUrl(
          request.body,
          signedIn(request),
          {
            channel: "h5",
            clientIp: request.ip,
          },
        );
        return ok({ ...answer, h5Url: url });
      },
    );

    app.get(
      "/pay/v1/status",
      {
        schema: {
          tags,
          summary:
            "Whether my order is paid (the page polls this while the QR code is shown)",
          security: BEARER,
          querystring: PayStatusQuery,
          response: { 200: EnvelopeOf(PayStatus), ...ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const { order } = await findOwnOrder(db, userId, request.query);
        return ok({
          masterId: order.id,
          masterOrderNo: order.masterOrderNo,
          status: order.status,
          paid: PAID_STATUSES.includes(order.status),
          paidAt: order.paidAt?.toISOString() ?? null,
        });
      },
    );
  });
};
