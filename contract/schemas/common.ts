// The building blocks the API's TypeBox schemas share: a database id, a date-time string, an IM id,
// the locale query, a page of a list and a union of literals. Schemas only, nothing that runs a
// request.
import { type TLiteral, type TSchema, type TUnion, Type } from "typebox";
import { DEFAULT_LOCALE, LOCALES } from "../locales";

/** A row id (a PostgreSQL `serial`). */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const DateTime = Type.String({ format: "date-time" });
export const ImId = Type.String({ minLength: 1, maxLength: 64 });

/** `?locale=`: which language the answer's texts are in. */
export const LocaleQuery = Type.Object({
  locale: Type.Optional(
    Type.Enum([...LOCALES], {
      default: DEFAULT_LOCALE,
      description: "Text language: cn (default), tw or en.",
    }),
  ),
});

/** One page of a list, with the total across all pages. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

/**
 * One of `values`, documented as an `anyOf` of consts (Type.Enum documents an `enum`): for the
 * lists the API has always described this way.
 */
export function LiteralUnion<const T extends readonly string[]>(
  values: T,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  // NOTE: map() forgets the tuple; the return type restores it, one literal per value.
  return Type.Union(values.map((value) => Type.Literal(value))) as never;
}
