// TypeBox schemas of fate together (fate/v1): the sign-up I send and the sign-up the server keeps
// (with, after sending, whether my service staff received it). The server validates with them;
// the tab derives its types from them (src/api/fate.ts).
import { type Static, Type } from "typebox";
import { FATE_STATUSES, GENDERS } from "../fateTogether";
import { DateTime } from "./common";

export const FateSignupRequest = Type.Object(
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

export const FateSignup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gender: Type.Enum([...GENDERS]),
  birthDate: Type.String(),
  birthHour: Type.Union([Type.Integer(), Type.Null()]),
  wish: Type.String(),
  status: Type.Enum([...FATE_STATUSES], {
    description: "pending (editable), matched (staff are arranging), closed",
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const FateSignupResult = Type.Object({
  ...FateSignup.properties,
  notified: Type.Boolean({
    description: "The service staff received it in the messenger.",
  }),
});

export type FateSignupBody = Static<typeof FateSignupRequest>;
export type FateSignupDto = Static<typeof FateSignup>;
