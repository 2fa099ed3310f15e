// Fate together (the /register page): `POST fate/v1/signup` creates or, while pending, updates
// the caller's sign-up and sends it to their service staff in the messenger; `GET fate/v1/mine`.
import {
  FateSignup,
  FateSignupRequest,
  FateSignupResult,
} from "#contract/schemas";
import type { FateSignupDto } from "#contract";
import { Type } from "typebox";
import { EnvelopeOf, ok } from "../../http/envelope";
import type { FateSignupRow } from "../../db/schema";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { currentSignup, notifyStaff, saveSignup } from "./fateSignups";

const tags = ["fate"];

function present(row: FateSignupRow): FateSignupDto {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    birthDate: row.birthDate,
    birthHour: row.birthHour,
    wish: row.wish,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const fateRoutes: DomainPlugin = (app, { db, auth, clock, im }) => {
  return signedInRoutes(app, auth, (app) => {
    app.post(
      "/fate/v1/signup",
      {
        schema: {
          tags,
          summary:
            "Sign up for fate together (or change my pending sign-up); my service staff receive it as a message",
          security: BEARER,
          body: FateSignupRequest,
          response: { 200: EnvelopeOf(FateSignupResult), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = signedIn(request);
        const { row, created } = await saveSignup(
          db,
          me.userId,
          request.body,
          clock(),
        );
        const notified = await notifyStaff(db, im, me, row, created).catch(
          (error: unknown) => {
            request.log.error(
              { err: error },
              "could not send the sign-up to the service staff",
            );
            return false;
          },
        );
        return ok({ ...present(row), notified });
      },
    );

    app.get(
      "/fate/v1/mine",
      {
        schema: {
          tags,
          summary: "My latest fate-together sign-up, or null",
          security: BEARER,
          response: {
            200: EnvelopeOf(Type.Union([FateSignup, Type.Null()])),
            ...ORDER_ERRORS,
          },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const row = await currentSignup(db, userId);
        return ok(row === undefined ? null : present(row));
      },
    );
  });
};
