// Who may open the admin pages: admins (users.is_admin). The server decides (403 for anyone
// else); this only keeps the entry on /my and the pages away from everyone else.
import type { UserInfo } from "../../api/accountTypes";

export function isAdmin(user: Pick<UserInfo, "isAdmin"> | null): boolean {
  return user?.isAdmin === 1;
}
