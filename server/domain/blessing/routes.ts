// The blessing wall: public `oapi/v1/blessings` (list, newest first) and `oapi/v1/blessings/:id`
// with masked names (a valid bearer token adds the caller's `joined` flag), and signed-in
// `blessing/v1/join`. Only paid orders whose owners consented ever appear; others are 404.
import type { BlessingDto } from "#contract";
import {
  Blessing,
  BlessingJoinRequest,
  BlessingJoinResult,
  BlessingListQuery,
  BlessingPage,
  IdParams,
  LocaleQuery,
} from "#contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  COMMON_ERRORS,
  EnvelopeOf,
  ErrorEnvelope,
  ok,
} from "../../http/envelope";
import { HttpError } from "../../http/errors";
import { DEFAULT_LOCALE, type Locale, pick } from "../../lib/locale";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import {
  type BlessingRow,
  findBlessing,
  joinBlessing,
  listBlessings,
} from "./blessingQueries";
import { maskName } from "./maskName";

const tags = ["blessings"];

const ERRORS = { ...COMMON_ERRORS, 401: ErrorEnvelope };

function present(row: BlessingRow, locale: Locale): BlessingDto {
  return {
    id: row.id,
    productTitle: pick(row.productTitle, locale),
    category: row.category,
    beneficiary:
      row.beneficiaryName === null ? null : maskName(row.beneficiaryName),
    owner: maskName(row.ownerNickname),
    wish: row.wish,
    blessedAt: row.paidAt.toISOString(),
    joinCount: row.joinCount,
    joined: row.joined,
  };
}

export const blessingRoutes: DomainPlugin = (app, { db, auth, clock }) => {
  /** A bearer token is optional here; when one is sent it must be valid (401 otherwise). */
  const optionalAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined)
      await auth.authenticate.call(app, request, reply);
  };
  const viewer = (request: FastifyRequest) => request.auth?.userId ?? null;

  app.get(
    "/oapi/v1/blessings",
    {
      onRequest: optionalAuth,
      schema: {
        tags,
        summary:
          "The blessing wall, newest first (masked names; `joined` for a signed-in caller)",
        querystring: BlessingListQuery,
        response: { 200: EnvelopeOf(BlessingPage), ...ERRORS },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const locale = request.query.locale ?? DEFAULT_LOCALE;
      const { rows, total } = await listBlessings(db, viewer(request), {
        page,
        pageSize,
      });
      return ok({
        list: rows.map((row) => present(row, locale)),
        total,
        page,
        pageSize,
      });
    },
  );

  app.get(
    "/oapi/v1/blessings/:id",
    {
      onRequest: optionalAuth,
      schema: {
        tags,
        summary: "One blessing of the wall",
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(Blessing), ...ERRORS },
      },
    },
    async (request) => {
      const row = await findBlessing(db, request.params.id, viewer(request));
      if (row === undefined)
        throw new HttpError(
          "BLESSING_NOT_FOUND",
          `blessing ${request.params.id} not found`,
        );
      return ok(present(row, request.query.locale ?? DEFAULT_LOCALE));
    },
  );

  return signedInRoutes(app, auth, (app) => {
    app.post(
      "/blessing/v1/join",
      {
        schema: {
          tags,
          summary: "Join a blessing (once per user; repeating is harmless)",
          security: BEARER,
          body: BlessingJoinRequest,
          response: { 200: EnvelopeOf(BlessingJoinResult), ...ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const found = await findBlessing(db, request.body.id, userId);
        if (found === undefined)
          throw new HttpError(
            "BLESSING_NOT_FOUND",
            `blessing ${request.body.id} not found`,
          );
        await joinBlessing(db, found.id, userId, new Date(clock()));
        const after = await findBlessing(db, found.id, userId);
        return ok({
          id: found.id,
          joinCount: after?.joinCount ?? found.joinCount,
          joined: true as const,
        });
      },
    );
  });
};
