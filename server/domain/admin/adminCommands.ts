// The operator's commands (`npm run admin -- <command>`): manager applications, refunds and order
// moves, the order sweep, bans. Each takes the database and writes what it did to `out`;
// runAdmin parses argv and answers an exit code. No process handling here (see server/adminCli.ts).
import { eq } from "drizzle-orm";
import {
  ADMIN_ROLES,
  type AdminRole,
  MANAGER_STATUSES,
  type ManagerStatus,
  type OrderStatus,
} from "#contract";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import {
  approveApplication,
  listApplications,
  rejectApplication,
} from "../manager/managerApplications";
import { findOrderByNo } from "../orders/orderQueries";
import { transitionOrder } from "../orders/transitionOrder";
import type { SweepReport } from "../payments/OrderSweeper";
import { setUserRole } from "./userRoles";

export interface AdminDeps {
  db: Db;
  now: () => number;
  out: (line: string) => void;
  /** Runs one order sweep (reconciliation + auto-cancel). */
  sweep: () => Promise<SweepReport>;
  /** Bans an account (revokes its sessions). */
  ban: (userId: number) => Promise<void>;
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  manager:list [--status pending|approved|rejected]
  manager:approve <applicationId>
  manager:reject <applicationId> --reason "…"
  order:refund <masterOrderNo>      paid → refunded (return the money in the WeChat Pay merchant platform)
  order:start <masterOrderNo>       paid → in service
  order:complete <masterOrderNo>    in service → completed
  order:sweep                       reconcile unpaid orders with WeChat Pay, cancel those unpaid for 30 minutes
  user:ban <imId>                   ban an account and end all its sessions
  user:grant <imId> <role>          give a role: admin, service, monk or manager
  user:revoke <imId> <role>         take a role away`;

function role(value: string | undefined): AdminRole {
  const known = ADMIN_ROLES.find((r) => r === value);
  if (known === undefined)
    throw new UsageError("role must be admin, service, monk or manager");
  return known;
}

/** A mistake in how the command was called (exit code 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith("--"))
    throw new UsageError(`${name} needs a value`);
  args.splice(index, 2);
  return value;
}

function positiveInt(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new UsageError(`${what} must be a positive number`);
  return Number(value);
}

function orderNo(value: string | undefined): string {
  if (value === undefined || !/^\d{18}$/.test(value))
    throw new UsageError("masterOrderNo must be the 18-digit order number");
  return value;
}

export async function runAdmin(
  argv: readonly string[],
  deps: AdminDeps,
): Promise<number> {
  const args = [...argv];
  const command = args.shift();
  try {
    switch (command) {
      case "manager:list": {
        const status = option(args, "--status");
        if (status !== undefined && !MANAGER_STATUSES.some((s) => s === status))
          throw new UsageError(
            `--status must be one of ${MANAGER_STATUSES.join(", ")}`,
          );
        const rows = await listApplications(
          deps.db,
          status as ManagerStatus | undefined,
        );
        if (rows.length === 0) deps.out("no applications");
        for (const row of rows)
          deps.out(
            [
              `#${row.id}`,
              row.status,
              `${row.nickname} (${row.imId})`,
              row.name,
              row.phone,
              row.region,
              row.createdAt.toISOString(),
              JSON.stringify(row.reason),
              row.rejectReason === null
                ? ""
                : `rejected: ${JSON.stringify(row.rejectReason)}`,
            ]
              .filter((part) => part !== "")
              .join("  "),
          );
        return 0;
      }
      case "manager:approve": {
        const row = await approveApplication(
          deps.db,
          positiveInt(args[0], "applicationId"),
          deps.now(),
        );
        deps.out(
          `approved application #${row.id}: user ${row.userId} is now a manager`,
        );
        return 0;
      }
      case "manager:reject": {
        const reason = option(args, "--reason");
        if (reason === undefined || reason.trim() === "")
          throw new UsageError('manager:reject needs --reason "…"');
        const row = await rejectApplication(
          deps.db,
          positiveInt(args[0], "applicationId"),
          reason,
          deps.now(),
        );
        deps.out(`rejected application #${row.id}: ${row.rejectReason ?? ""}`);
        return 0;
      }
      case "order:refund":
        return await moveOrder(
          deps,
          orderNo(args[0]),
          "refunded",
          "refunded by an administrator",
        );
      case "order:start":
        return await moveOrder(
          deps,
          orderNo(args[0]),
          "in_service",
          "service started",
        );
      case "order:complete":
        return await moveOrder(
          deps,
          orderNo(args[0]),
          "completed",
          "service completed",
        );
      case "order:sweep": {
        const report = await deps.sweep();
        deps.out(
          `reconciled ${report.reconciled}, cancelled ${report.cancelled}, left for later ${report.skipped}`,
        );
        return 0;
      }
      case "user:ban": {
        const imId = args[0];
        if (imId === undefined) throw new UsageError("user:ban needs an imId");
        const [user] = await deps.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.imId, imId));
        if (user === undefined)
          throw new HttpError(
            "ACCOUNT_NOT_FOUND",
            `no account has imId ${imId}`,
          );
        await deps.ban(user.id);
        deps.out(
          `banned ${imId} (user ${user.id}); all its sessions are revoked`,
        );
        return 0;
      }
      case "user:grant":
      case "user:revoke": {
        const imId = args[0];
        if (imId === undefined)
          throw new UsageError(`${command} needs an imId`);
        const which = role(args[1]);
        const on = command === "user:grant";
        await setUserRole(deps.db, {
          imId,
          role: which,
          on,
          actorUserId: null,
          now: new Date(deps.now()),
        });
        deps.out(`${imId}: ${which} ${on ? "granted" : "revoked"}`);
        return 0;
      }
      case undefined:
        throw new UsageError("no command given");
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      deps.out(error.message);
      deps.out(ADMIN_USAGE);
      return 2;
    }
    if (error instanceof HttpError) {
      deps.out(`refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

async function moveOrder(
  deps: AdminDeps,
  masterOrderNo: string,
  to: OrderStatus,
  note: string,
): Promise<number> {
  const order = await findOrderByNo(deps.db, masterOrderNo);
  if (order === undefined)
    throw new HttpError("ORDER_NOT_FOUND", `order ${masterOrderNo} not found`);
  const moved = await transitionOrder(deps.db, {
    orderId: order.id,
    to,
    actor: "admin",
    note,
    now: new Date(deps.now()),
  });
  deps.out(
    moved.changed
      ? `order ${masterOrderNo}: ${order.status} → ${to}`
      : `order ${masterOrderNo} is already ${to}`,
  );
  return 0;
}
