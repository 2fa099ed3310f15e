// Who may open the order desk: service staff, monks (their services' orders) and admins. The
// server decides what each sees; this only keeps the entry and the pages away from everyone else.
import type { UserInfo } from "../../api/accountTypes";

/** The roles of `user/v1/info`; `isAdmin` arrives with #22 (older servers omit it). */
export type StaffRoles = Pick<UserInfo, "isService" | "isMonk"> & {
  readonly isAdmin?: 0 | 1;
};

export function canUseStaffDesk(user: StaffRoles | null): boolean {
  return (
    user !== null &&
    (user.isService === 1 || user.isMonk === 1 || user.isAdmin === 1)
  );
}
