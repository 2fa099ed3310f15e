// The search params of /prayer/agreement (checks from router/searchValues.ts): `id` is the agreement's positive
// integer id; anything else is the 404 screen.
import { throwNotFound } from "../../router/notFound";
import { intIn } from "../../router/searchValues";

export interface AgreementSearch {
  id: number | undefined;
}

export function validateAgreementSearch(
  search: Record<string, unknown>,
): AgreementSearch {
  return { id: intIn(search.id, 1, 2_147_483_647) };
}

/** The checked agreement id, or the 404 screen (thrown from beforeLoad). */
export function requireAgreementId(search: AgreementSearch): number {
  if (search.id === undefined) throwNotFound("invalid");
  return search.id;
}
