// The building blocks the API's TypeBox schemas share: a database id, a date-time string, an IM id,
// the locale query and a page of a list. Schemas only, nothing that runs a request.
import { type TSchema, Type } from "typebox";
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
