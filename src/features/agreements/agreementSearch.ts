// The search params of /prayer/agreement, checked with zod: `id` is the agreement's positive
// integer id; anything else is the 404 screen.
import * as z from "zod/mini";
import { throwNotFound } from "../../router/notFound";

export interface AgreementSearch {
  id: number | undefined;
}

const idSchema = z.coerce
  .number()
  .check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

export function validateAgreementSearch(
  search: Record<string, unknown>,
): AgreementSearch {
  const parsed = idSchema.safeParse(search.id);
  return { id: parsed.success ? parsed.data : undefined };
}

/** The checked agreement id, or the 404 screen (thrown from beforeLoad). */
export function requireAgreementId(search: AgreementSearch): number {
  if (search.id === undefined) throwNotFound("invalid");
  return search.id;
}
