// Fate together (the /register page): `POST fate/v1/signup` creates or, while pending, updates
// the caller's sign-up and sends it to their service staff in the messenger; `GET fate/v1/mine`.
import { type Static, Type } from "typebox";
import { EnvelopeOf, ok } from "../../http/envelope";
import { FATE_STATUSES, type FateSignupRow, GENDERS } from "../../db/schema";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { currentSignup, notifyStaff, saveSignup } from "./fateSignups";

const tags = ["fate"];

const SignupRequest = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    gender: Type.Enum([...GENDERS]),
    birthDate: Type.String({ maxLength: 10, description: "YYYY-MM-DD" }),
    birthHour: Type.Optional(
      // NOTE: null first: with type coercion on, Integer first would turn null into 0.
      Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 23 })], {
        description: "Hour of birth 0–23, or null when unknown.",
      }),
    ),
    wish: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);

const Signup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gender: Type.Enum([...GENDERS]),
  birthDate: Type.String(),
  birthHour: Type.Union([Type.Integer(), Type.Null()]),
  wish: Type.String(),
  status: Type.Enum([...FATE_STATUSES], {
    description: "pending (editable), matched (staff are arranging), closed",
  }),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});

const SignupResult = Type.Object({
  ...Signup.properties,
  notified: Type.Boolean({
    description: "The service staff received it in the messenger.",
  }),
});

function present(row: FateSignupRow): Static<typeof Signup> {
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
          body: SignupRequest,
          response: { 200: EnvelopeOf(SignupResult), ...ORDER_ERRORS },
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
            200: EnvelopeOf(Type.Union([Signup, Type.Null()])),
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
