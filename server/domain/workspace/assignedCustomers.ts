// Which customers' chats the caller answers (#22): the IM ids of the users whose assignment (the one
// `getVirtual` opens, serviceAssignment.ts) names the caller, most recently assigned first, capped
// at ASSIGNED_LIST_MAX. Reads only; the workspace's "assigned to me" filter matches them locally.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { rowsOf } from "../messenger/wireMessage";

/**
 * The most customers one answer lists. NOTE: the workspace filters the conversations it holds
 * (the IM worker keeps at most a few hundred); a longer tail is flagged `truncated`, not paged.
 */
export const ASSIGNED_LIST_MAX = 1000;

export async function assignedCustomers(
  db: Db,
  staffUserId: number,
): Promise<{ list: string[]; truncated: boolean }> {
  const rows = rowsOf<{ im_id: string }>(
    await db.execute(sql`select u.im_id from im_service_assignments a
      join users u on u.id = a.user_id
      where a.service_user_id = ${staffUserId}
      order by a.assigned_at desc, a.user_id desc
      limit ${ASSIGNED_LIST_MAX + 1}`),
  );
  return {
    list: rows.slice(0, ASSIGNED_LIST_MAX).map((row) => row.im_id),
    truncated: rows.length > ASSIGNED_LIST_MAX,
  };
}
