// Manager applications: a user applies (one pending at a time; again after a rejection, never once
// approved); an admin approves (which sets users.isManager) or rejects with a reason. Each decision
// is taken once, inside a transaction, on a pending application only. Applying and deciding both
// hold the applicant's row lock, so an approval never lands between the check and the insert.
import type { ManagerStatus } from "#contract";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  type ManagerApplicationRow,
  managerApplications,
  users,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import { uniqueViolation } from "../users/accounts";
import { lockUser } from "../users/userLock";
import { requiredText } from "../orders/fieldRules";
import { hasVisibleCharacter } from "#contract";

export interface ApplyInput {
  name: string;
  phone: string;
  region: string;
  reason: string;
}

export const MANAGER_RULES = {
  maxName: 40,
  maxRegion: 60,
  maxReason: 500,
} as const;
const PHONE = /^1[3-9]\d{9}$/;

export async function latestApplication(
  db: Db,
  userId: number,
): Promise<ManagerApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(managerApplications)
    .where(eq(managerApplications.userId, userId))
    .orderBy(desc(managerApplications.id))
    .limit(1);
  return row;
}

export async function applyForManager(
  db: Db,
  userId: number,
  input: ApplyInput,
  now: number,
): Promise<ManagerApplicationRow> {
  const phone = input.phone.trim();
  if (!PHONE.test(phone))
    throw new HttpError(
      "MANAGER_PHONE_INVALID",
      "body/phone must be a mainland mobile number (11 digits, 1[3-9]…)",
    );
  const values = {
    userId,
    name: requiredText(input.name, "name", MANAGER_RULES.maxName),
    phone,
    region: requiredText(input.region, "region", MANAGER_RULES.maxRegion),
    reason: requiredText(input.reason, "reason", MANAGER_RULES.maxReason, {
      multiline: true,
    }),
    status: "pending" as const,
    createdAt: new Date(now),
  };
  try {
    return await db.transaction(async (tx) => {
      // NOTE: the check and the insert under the user's lock, which an approval takes too: else
      // an approval landing between them leaves a manager with a pending application (issue #19).
      await lockUser(tx, userId);
      const [user] = await tx
        .select({ isManager: users.isManager })
        .from(users)
        .where(eq(users.id, userId));
      if (user?.isManager === 1)
        throw new HttpError("ALREADY_MANAGER", "you are already a manager");
      const [row] = await tx
        .insert(managerApplications)
        .values(values)
        .returning();
      if (row === undefined) throw new Error("insert returned no application");
      return row;
    });
  } catch (error) {
    if (uniqueViolation(error) === "manager_applications_one_pending")
      throw new HttpError(
        "MANAGER_APPLICATION_PENDING",
        "your application is already waiting for a decision",
      );
    throw error;
  }
}

/** One page of a list (the admin pages); absent: every row. */
export interface ListPage {
  limit: number;
  offset: number;
}

export async function listApplications(
  db: Db,
  status?: ManagerStatus,
  page?: ListPage,
): Promise<(ManagerApplicationRow & { imId: string; nickname: string })[]> {
  const query = db
    .select({
      application: managerApplications,
      imId: users.imId,
      nickname: users.nickname,
    })
    .from(managerApplications)
    .innerJoin(users, eq(users.id, managerApplications.userId))
    .where(
      status === undefined ? undefined : eq(managerApplications.status, status),
    )
    .orderBy(asc(managerApplications.id));
  const rows = await (page === undefined
    ? query
    : query.limit(page.limit).offset(page.offset));
  return rows.map((row) => ({
    ...row.application,
    imId: row.imId,
    nickname: row.nickname,
  }));
}

export async function countApplications(
  db: Db,
  status?: ManagerStatus,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(managerApplications)
    .where(
      status === undefined ? undefined : eq(managerApplications.status, status),
    );
  return row?.n ?? 0;
}

/** Approves a pending application and makes its user a manager. */
export async function approveApplication(
  db: Db,
  id: number,
  now: number,
): Promise<ManagerApplicationRow> {
  return decide(db, id, now, "approved", null);
}

export async function rejectApplication(
  db: Db,
  id: number,
  reason: string,
  now: number,
): Promise<ManagerApplicationRow> {
  const text = reason.trim();
  if (!hasVisibleCharacter(text))
    throw new HttpError(
      "REJECTION_REASON_REQUIRED",
      "a rejection needs a reason",
    );
  return decide(db, id, now, "rejected", text.slice(0, 500));
}

async function decide(
  db: Db,
  id: number,
  now: number,
  status: "approved" | "rejected",
  rejectReason: string | null,
): Promise<ManagerApplicationRow> {
  return db.transaction(async (tx) => {
    // NOTE: the applicant's lock first, as applyForManager takes it (one order, no deadlock).
    const [applicant] = await tx
      .select({ userId: managerApplications.userId })
      .from(managerApplications)
      .where(eq(managerApplications.id, id));
    if (applicant !== undefined) await lockUser(tx, applicant.userId);
    const [row] = await tx
      .update(managerApplications)
      .set({ status, rejectReason, decidedAt: new Date(now) })
      .where(
        and(
          eq(managerApplications.id, id),
          eq(managerApplications.status, "pending"),
        ),
      )
      .returning();
    if (row === undefined) {
      const [existing] = await tx
        .select()
        .from(managerApplications)
        .where(eq(managerApplications.id, id));
      if (existing === undefined)
        throw new HttpError(
          "MANAGER_APPLICATION_NOT_FOUND",
          `application ${id} not found`,
        );
      throw new HttpError(
        "MANAGER_APPLICATION_DECIDED",
        `application ${id} is already ${existing.status}`,
      );
    }
    if (status === "approved")
      await tx
        .update(users)
        .set({ isManager: 1, updatedAt: new Date(now) })
        .where(eq(users.id, row.userId));
    return row;
  });
}
