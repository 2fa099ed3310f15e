// IM-facing user calls: the service staff I talk to (oapi/v1/getVirtual) and public profiles of
// IM users for channel info (user/v1/targetInfoByIm, user/v1/infoByIm). Signed-in only.
import { EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import type { DomainPlugin } from "../../http/domainPlugin";
import { BEARER, signedIn } from "../auth/authenticate";
import { profileOf } from "./profiles";
import { ProfileQuery, PublicProfile, VirtualService } from "#contract/schemas";
import { IM_ERRORS } from "./schemas";
import { assignedServiceUid } from "./serviceAssignment";

const tags = ["im"];

export const imUserRoutes: DomainPlugin = (app, { db, im }) => {
  app.get(
    "/oapi/v1/getVirtual",
    {
      schema: {
        tags,
        summary:
          "The service staff I talk to (sticky; least-loaded when first assigned)",
        security: BEARER,
        response: { 200: EnvelopeOf(VirtualService), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const uid = await assignedServiceUid(db, me.userId);
      const profile = await profileOf(db, im, uid);
      if (profile === null)
        throw new HttpError(
          "SERVICE_STAFF_UNAVAILABLE",
          "no service staff is available",
        );
      return ok({ ...profile, channel_id: uid, channel_type: 1 as const });
    },
  );

  for (const path of ["/user/v1/targetInfoByIm", "/user/v1/infoByIm"]) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: "Public profile of an IM user (channel info)",
          security: BEARER,
          querystring: ProfileQuery,
          response: { 200: EnvelopeOf(PublicProfile), ...IM_ERRORS },
        },
      },
      async (request) => {
        signedIn(request);
        const profile = await profileOf(db, im, request.query.imId);
        if (profile === null)
          throw new HttpError("IM_USER_NOT_FOUND", "no such IM user");
        return ok(profile);
      },
    );
  }
};
