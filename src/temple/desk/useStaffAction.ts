// The desk's moves (useTempleAction): after a success the order's heading takes the focus, and a
// conflict (someone else moved the order) reloads it to show what it is now. Outside the desk (the
// chat workspace's order list) a StaffActionPlace around the forms says what reloads the order and
// which heading takes the focus instead.
import { createContext, useContext } from "react";
import type { StaffOrderDetail } from "../../api/staff";
import { type TempleAction, useTempleAction } from "../useTempleAction";
import { ORDER_HEADING_ID } from "./deskLayout";

export type StaffAction = TempleAction<StaffOrderDetail>;

/** Where the desk's forms sit when they are not on the desk. */
export interface StaffActionHome {
  /** Fetches the order's new state; resolves once it shows (never rejects). */
  readonly reload: () => Promise<unknown>;
  /** The id of the element focused after a success. */
  readonly focusAfter: string;
}

/** Absent on the desk, whose router loads the order (router.invalidate, ORDER_HEADING_ID). */
export const StaffActionPlace = createContext<StaffActionHome | null>(null);

export function useStaffAction(): StaffAction {
  const home = useContext(StaffActionPlace);
  return useTempleAction<StaffOrderDetail>({
    focusAfter: home?.focusAfter ?? ORDER_HEADING_ID,
    reloadOnConflict: true,
    reload: home?.reload,
  });
}
