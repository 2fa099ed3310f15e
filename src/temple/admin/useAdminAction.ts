// One admin change at a time (useTempleAction): busy buttons, translated refusals, a reload of
// the page's list after a success.
import { type TempleAction, useTempleAction } from "../useTempleAction";

export type AdminAction = TempleAction<unknown>;

export function useAdminAction(): AdminAction {
  return useTempleAction<unknown>();
}
