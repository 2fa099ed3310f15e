// The desk's moves (useTempleAction): after a success the order's heading takes the focus, and a
// conflict (someone else moved the order) reloads it to show what it is now.
import type { StaffOrderDetail } from "../../api/staff";
import { type TempleAction, useTempleAction } from "../useTempleAction";
import { ORDER_HEADING_ID } from "./deskLayout";

export type StaffAction = TempleAction<StaffOrderDetail>;

export function useStaffAction(): StaffAction {
  return useTempleAction<StaffOrderDetail>({
    focusAfter: ORDER_HEADING_ID,
    reloadOnConflict: true,
  });
}
