// What the admin pages read (#22): manager applications with their applicants, users found by IM
// id, nickname or phone (phones masked), and the audit log newest first with who acted and a
// readable name of the target. Reads only; the changes live in adminActions.ts and userRoles.ts.
import { sql } from "drizzle-orm";
import type {
  AdminRole,
  AdminUserDto,
  ApplicationDto,
  AuditAction,
  AuditEntryDto,
  ManagerStatus,
} from "#contract";
import type { Db } from "../../db/createDb";
import {
  countApplications,
  listApplications,
} from "../manager/managerApplications";
import { rowsOf } from "../messenger/wireMessage";
import { maskPhone } from "../users/mask";

export interface PageArgs {
  page: number;
  pageSize: number;
}

export interface PageOf<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

const window = ({ page, pageSize }: PageArgs) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

export async function applicationsPage(
  db: Db,
  status: ManagerStatus,
  paging: PageArgs,
): Promise<PageOf<ApplicationDto>> {
  const [rows, total] = await Promise.all([
    listApplications(db, status, window(paging)),
    countApplications(db, status),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      status: row.status,
      applicant: {
        userId: row.userId,
        imId: row.imId,
        nickname: row.nickname,
      },
      name: row.name,
      phone: maskPhone(row.phone),
      region: row.region,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
    })),
    total,
    ...paging,
  };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface UserRow {
  id: number;
  im_id: string;
  nickname: string;
  avatar_url: string;
  phone: string | null;
  is_admin: number;
  is_service: number;
  is_monk: number;
  is_manager: number;
  banned: boolean;
  created_at: Date | string;
  total: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Users whose IM id begins with `q`, whose nickname holds it, or (4+ digits) whose phone does. */
export async function findUsers(
  db: Db,
  q: string,
  paging: PageArgs,
): Promise<PageOf<AdminUserDto>> {
  const text = q.trim();
  const digits = /^\d{4,}$/.test(text);
  const like = likeLiteral(text);
  const { limit, offset } = window(paging);
  const rows = rowsOf<UserRow>(
    await db.execute(sql`
      select id, im_id, nickname, avatar_url, phone, is_admin, is_service, is_monk, is_manager,
             banned, created_at, count(*) over () as total
      from users
      where im_id = ${text}
         or im_id like ${`${like}%`}
         or nickname ilike ${`%${like}%`}
         or (${digits} and phone like ${`%${like}%`})
      order by (im_id = ${text}) desc, id
      limit ${limit} offset ${offset}`),
  );
  return {
    list: rows.map(userOf),
    total: Number(rows[0]?.total ?? 0),
    ...paging,
  };
}

/** One user as the roles page shows them (after a change). */
export async function adminUser(db: Db, userId: number): Promise<AdminUserDto> {
  const [row] = rowsOf<UserRow>(
    await db.execute(sql`
      select id, im_id, nickname, avatar_url, phone, is_admin, is_service, is_monk, is_manager,
             banned, created_at, 1 as total
      from users where id = ${userId}`),
  );
  if (row === undefined) throw new Error(`user ${String(userId)} vanished`);
  return userOf(row);
}

function userOf(row: UserRow): AdminUserDto {
  return {
    userId: row.id,
    imId: row.im_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_url,
    phone: row.phone === null ? null : maskPhone(row.phone),
    roles: rolesOf(row),
    banned: row.banned,
    createdAt: iso(row.created_at),
  };
}

function rolesOf(row: UserRow): AdminRole[] {
  const roles: AdminRole[] = [];
  if (row.is_admin === 1) roles.push("admin");
  if (row.is_service === 1) roles.push("service");
  if (row.is_monk === 1) roles.push("monk");
  if (row.is_manager === 1) roles.push("manager");
  return roles;
}

interface AuditRow {
  id: string | number;
  at: Date | string;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
  actor_id: number | null;
  actor_im_id: string | null;
  actor_nickname: string | null;
  target_label: string | null;
  total: string | number;
}

export interface AuditFilter {
  action?: AuditAction | undefined;
  /** An IM id, or "system" for the entries no person made. */
  actor?: string | undefined;
}

/** The audit log, newest first, with the actor and a readable name of the target. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  paging: PageArgs,
): Promise<PageOf<AuditEntryDto>> {
  const { limit, offset } = window(paging);
  const byAction =
    filter.action === undefined ? sql`true` : sql`e.action = ${filter.action}`;
  const byActor =
    filter.actor === undefined
      ? sql`true`
      : filter.actor === "system"
        ? sql`e.actor_user_id is null`
        : sql`a.im_id = ${filter.actor}`;
  // NOTE: target ids are text (tid: the numeric ones); the type says which table names them.
  const rows = rowsOf<AuditRow>(
    await db.execute(sql`
      select e.id, e.at, e.action, e.target_type, e.target_id, e.details,
             a.id as actor_id, a.im_id as actor_im_id, a.nickname as actor_nickname,
             case e.target_type
               when 'user' then (select u.nickname || ' (' || u.im_id || ')' from users u
                                 where u.id = e.tid)
               when 'order' then (select o.master_order_no from orders o
                                  where o.id = e.tid)
               when 'refund' then (select o.master_order_no from order_refunds r
                                   join orders o on o.id = r.order_id
                                   where r.id = e.tid)
               when 'product' then (select p.title ->> 'cn' from products p
                                    where p.id = e.tid)
               when 'managerApplication' then (
                 select u.nickname || ' (' || u.im_id || ')' from manager_applications m
                 join users u on u.id = m.user_id
                 where m.id = e.tid)
             end as target_label,
             count(*) over () as total
      from (select *, case when target_id ~ '^[0-9]{1,9}$' then target_id::int end as tid
            from audit_events) e
      left join users a on a.id = e.actor_user_id
      where ${byAction} and ${byActor}
      order by e.id desc
      limit ${limit} offset ${offset}`),
  );
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      at: iso(row.at),
      action: row.action,
      actor:
        row.actor_id === null
          ? null
          : {
              userId: row.actor_id,
              imId: row.actor_im_id ?? "",
              nickname: row.actor_nickname ?? "",
            },
      targetType: row.target_type,
      targetId: row.target_id,
      targetLabel: row.target_label,
      details: row.details,
    })),
    total: Number(rows[0]?.total ?? 0),
    ...paging,
  };
}
