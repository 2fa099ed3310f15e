// Fate-together sign-ups: one active (pending or matched) per user, editable while pending, and
// the message that brings each sign-up (or change) to the user's service staff in their messenger.
import { and, desc, eq, ne } from "drizzle-orm";
import {
  FATE_LIMITS,
  type FateSignupBody,
  type Gender,
  shichenOfHour,
  shichenRange,
} from "#contract";
import { ChannelType } from "#protocol";
import type { Db } from "../../db/createDb";
import { type FateSignupRow, fateSignups } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { ImEngine } from "../messenger/ImEngine";
import { assignedServiceUid } from "../messenger/serviceAssignment";
import { uniqueViolation } from "../users/accounts";
import {
  optionalText,
  pastDate,
  requiredText,
  todayOf,
} from "../orders/fieldRules";

export async function currentSignup(
  db: Db,
  userId: number,
): Promise<FateSignupRow | undefined> {
  const [row] = await db
    .select()
    .from(fateSignups)
    .where(eq(fateSignups.userId, userId))
    .orderBy(desc(fateSignups.id))
    .limit(1);
  return row;
}

/** Creates the user's sign-up, or updates the pending one; 409 once staff have matched it. */
export async function saveSignup(
  db: Db,
  userId: number,
  input: FateSignupBody,
  now: number,
): Promise<{ row: FateSignupRow; created: boolean }> {
  const fields = {
    name: requiredText(input.name, "name", FATE_LIMITS.maxName),
    gender: input.gender,
    birthDate: pastDate(
      optionalText(input.birthDate, "birthDate", 10) ?? "",
      "birthDate",
      todayOf(now),
    ),
    birthHour: input.birthHour ?? null,
    wish: requiredText(input.wish, "wish", FATE_LIMITS.maxWish, {
      multiline: true,
    }),
    updatedAt: new Date(now),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    const [active] = await db
      .select()
      .from(fateSignups)
      .where(
        and(eq(fateSignups.userId, userId), ne(fateSignups.status, "closed")),
      );
    if (active !== undefined) {
      if (active.status !== "pending")
        throw new HttpError(
          "FATE_SIGNUP_ARRANGED",
          "your sign-up is already being arranged; it can no longer be changed",
        );
      const [updated] = await db
        .update(fateSignups)
        .set(fields)
        .where(
          and(eq(fateSignups.id, active.id), eq(fateSignups.status, "pending")),
        )
        .returning();
      if (updated === undefined)
        throw new HttpError(
          "FATE_SIGNUP_ARRANGED",
          "your sign-up is already being arranged; it can no longer be changed",
        );
      return { row: updated, created: false };
    }
    try {
      const [created] = await db
        .insert(fateSignups)
        .values({
          ...fields,
          userId,
          status: "pending",
          createdAt: new Date(now),
        })
        .returning();
      if (created === undefined) throw new Error("insert returned no sign-up");
      return { row: created, created: true };
    } catch (error) {
      // NOTE: a concurrent first sign-up of the same user won: update that one instead.
      if (uniqueViolation(error) !== "fate_signups_one_active") throw error;
    }
  }
  throw new HttpError(
    "FATE_SIGNUP_CHANGED",
    "the sign-up changed concurrently: try again",
  );
}

const GENDER_TEXT: Record<Gender, string> = { male: "男", female: "女" };

/** A birth hour as its 时辰 with the clock times it covers, e.g. "子时（23:00–00:59）". */
function shichenText(hour: number): string {
  const branch = shichenOfHour(hour);
  return `${branch}时（${shichenRange(branch)}）`;
}

/** The text the service staff read (in Chinese: the staff's working language). */
export function signupMessage(row: FateSignupRow, created: boolean): string {
  const hour = row.birthHour === null ? "时辰不详" : shichenText(row.birthHour);
  return [
    created ? "【缘来一起·新报名】" : "【缘来一起·报名已更新】",
    `姓名：${row.name}`,
    `性别：${GENDER_TEXT[row.gender]}`,
    `出生：${row.birthDate} ${hour}`,
    `心愿：${row.wish}`,
  ].join("\n");
}

/**
 * Sends the sign-up from the user to their assigned service staff (text message, with the
 * structured sign-up alongside). False when no staff member is available or the engine refused.
 */
export async function notifyStaff(
  db: Db,
  im: Pick<ImEngine, "send">,
  user: { userId: number; imId: string },
  row: FateSignupRow,
  created: boolean,
): Promise<boolean> {
  let staff: string;
  try {
    staff = await assignedServiceUid(db, user.userId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return false;
    throw error;
  }
  const payload = {
    type: 1,
    content: signupMessage(row, created),
    fateSignup: {
      id: row.id,
      name: row.name,
      gender: row.gender,
      birthDate: row.birthDate,
      birthHour: row.birthHour,
      wish: row.wish,
    },
  };
  const result = await im.send({
    fromUid: user.imId,
    channelId: staff,
    channelType: ChannelType.PERSON,
    payload: new TextEncoder().encode(JSON.stringify(payload)),
    clientMsgNo: `fate-${row.id}-${row.updatedAt.getTime()}`,
  });
  return result.ok;
}
