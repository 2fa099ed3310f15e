// Which service-staff account a user talks to (getVirtual, serviceSend): sticky once assigned while
// that account stays service staff (or a monk staff handed the chat to, #22) and unbanned;
// otherwise the least-loaded service staff member (fewest assigned users, then lowest id).
// Concurrent first calls agree on one assignment.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { HttpError } from "../../http/errors";
import { rowsOf } from "./wireMessage";

const VALID_STAFF = sql`s.is_service = 1 and s.banned = false`;
/** Who may keep an assignment: staff, or a monk the chat was handed to. */
const VALID_ASSIGNEE = sql`(s.is_service = 1 or s.is_monk = 1) and s.banned = false`;

/** The IM uid of the user's service staff; 404 when there is none to assign. */
export async function assignedServiceUid(
  db: Db,
  userId: number,
): Promise<string> {
  const current = await currentAssignment(db, userId);
  if (current !== null) return current;
  const [candidate] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select s.id from users s
      left join im_service_assignments a on a.service_user_id = s.id
      where ${VALID_STAFF} and s.id <> ${userId}
      group by s.id
      order by count(a.user_id) asc, s.id asc
      limit 1`),
  );
  if (candidate === undefined)
    throw new HttpError(
      "SERVICE_STAFF_UNAVAILABLE",
      "no service staff is available",
    );
  // NOTE: a stale assignment (staff no longer valid) is replaced; a concurrent fresh one wins.
  await db.execute(sql`
    insert into im_service_assignments as a (user_id, service_user_id)
    values (${userId}, ${candidate.id})
    on conflict (user_id) do update set service_user_id = excluded.service_user_id,
      assigned_at = now()
      where not exists (select 1 from users s where s.id = a.service_user_id and ${VALID_ASSIGNEE})`);
  const settled = await currentAssignment(db, userId);
  if (settled === null) throw new Error("service assignment did not settle");
  return settled;
}

async function currentAssignment(
  db: Db,
  userId: number,
): Promise<string | null> {
  const [row] = rowsOf<{ im_id: string }>(
    await db.execute(sql`
      select s.im_id from im_service_assignments a
      join users s on s.id = a.service_user_id
      where a.user_id = ${userId} and ${VALID_ASSIGNEE} and s.id <> ${userId}`),
  );
  return row?.im_id ?? null;
}
