// TypeBox schemas of the blessing wall: a blessing as the wall shows it (names masked), a page of
// them, and joining one. The server validates with them; the tab derives its types from them
// (src/api/blessings.ts).
import { type Static, Type } from "typebox";
import { PRODUCT_CATEGORIES } from "../catalog";
import { LocaleQuery, PageOf } from "./common";
import { IdParams } from "./content";

export const Blessing = Type.Object({
  id: Type.Integer(),
  productTitle: Type.String(),
  category: Type.Enum([...PRODUCT_CATEGORIES]),
  beneficiary: Type.Union([Type.String(), Type.Null()], {
    description: "Masked, e.g. 王*明.",
  }),
  owner: Type.String({ description: "The orderer's nickname, masked." }),
  wish: Type.Union([Type.String(), Type.Null()]),
  blessedAt: Type.String({ format: "date-time" }),
  joinCount: Type.Integer(),
  joined: Type.Boolean({
    description: "The caller joined (false without a token).",
  }),
});

export const BlessingPage = PageOf(Blessing);

export const BlessingListQuery = Type.Object({
  ...LocaleQuery.properties,
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  ),
});

export const BlessingJoinRequest = Type.Object(
  { id: IdParams.properties.id },
  { additionalProperties: false },
);
export const BlessingJoinResult = Type.Object({
  id: Type.Integer(),
  joinCount: Type.Integer(),
  joined: Type.Literal(true),
});

export type BlessingDto = Static<typeof Blessing>;
