// Who may work on an order from the temple's side (#22): service staff and admins on every order,
// a monk on the orders of the services he gives. Refund reviews are staff's and admins' only.
// Anyone else gets 403 FORBIDDEN for the staff routes; a monk asking for another monk's order
// gets the same 404 as for a missing one (he cannot learn that it exists).
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { monks, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { rowsOf } from "../messenger/wireMessage";

export interface StaffMember {
  userId: number;
  imId: string;
  isService: boolean;
  isAdmin: boolean;
  /** The monk profile this account speaks for (products.monk_id), or null. */
  monkId: number | null;
}

/** The caller as staff; 403 FORBIDDEN unless service staff, an admin or a monk. */
export async function requireStaff(
  db: Db,
  userId: number,
): Promise<StaffMember> {
  const [row] = await db
    .select({
      imId: users.imId,
      isService: users.isService,
      isMonk: users.isMonk,
      isAdmin: users.isAdmin,
      banned: users.banned,
      monkId: monks.id,
    })
    .from(users)
    .leftJoin(monks, eq(monks.userId, users.id))
    .where(eq(users.id, userId));
  const staff: StaffMember | null =
    row === undefined || row.banned
      ? null
      : {
          userId,
          imId: row.imId,
          isService: row.isService === 1,
          isAdmin: row.isAdmin === 1,
          monkId: row.isMonk === 1 ? (row.monkId ?? null) : null,
        };
  if (
    staff === null ||
    (!staff.isService && !staff.isAdmin && staff.monkId === null)
  )
    throw new HttpError("FORBIDDEN", "only temple staff may do this");
  return staff;
}

/** Staff and admins see every order; a monk only those of his services. */
export function seesEveryOrder(staff: StaffMember): boolean {
  return staff.isService || staff.isAdmin;
}

/** SQL condition (on `p`, the products row) limiting a monk to his services. */
export function orderScope(staff: StaffMember) {
  return seesEveryOrder(staff)
    ? sql`true`
    : sql`p.monk_id = ${staff.monkId ?? -1}`;
}

/** The order (by id) if the caller may work on it; 404 otherwise. */
export async function assertMayWorkOn(
  db: Db,
  staff: StaffMember,
  orderId: number,
): Promise<void> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select o.id from orders o join products p on p.id = o.product_id
      where o.id = ${orderId} and ${orderScope(staff)}`),
  );
  if (rows.length === 0)
    throw new HttpError("ORDER_NOT_FOUND", "order not found");
}

/** Refund reviews: service staff and admins only. */
export function assertMayReviewRefunds(staff: StaffMember): void {
  if (!staff.isService && !staff.isAdmin)
    throw new HttpError("FORBIDDEN", "only service staff review refunds");
}

/** The timeline's actor word for a move this person makes. */
export function actorOf(staff: StaffMember): "admin" | "staff" | "monk" {
  if (staff.isService) return "staff";
  if (staff.isAdmin) return "admin";
  return "monk";
}
