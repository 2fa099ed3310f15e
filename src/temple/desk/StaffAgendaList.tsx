// The agenda queue (a monk's day plan): the server's order kept, orders in service grouped under
// their planned day in this device's time zone (overdue ones under one marked heading first, then
// today, tomorrow and later days), then the paid ones still to start, oldest paid first.
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { StaffOrderDetail } from "../../api/staff";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDate } from "../../lib/format";
import { StaffQueueRow } from "./StaffQueueList";

type DayGroup =
  | { kind: "overdue" }
  | { kind: "day"; day: string; at: string }
  | { kind: "unplanned" }
  | { kind: "to_start" };

interface Group {
  key: string;
  group: DayGroup;
  orders: StaffOrderDetail[];
}

/** The local calendar day of `date` as YYYY-MM-DD (sorts as the days do). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The agenda's groups of `orders` (in the server's order) on the day `today` (local). */
export function agendaGroups(
  orders: readonly StaffOrderDetail[],
  today: string,
): Group[] {
  const groups: Group[] = [];
  for (const order of orders) {
    const day =
      order.plannedAt === null ? null : localDay(new Date(order.plannedAt));
    const group: DayGroup =
      order.status !== "in_service"
        ? { kind: "to_start" }
        : day === null || order.plannedAt === null
          ? { kind: "unplanned" }
          : day < today
            ? { kind: "overdue" }
            : { kind: "day", day, at: order.plannedAt };
    const key = group.kind === "day" ? group.day : group.kind;
    const last = groups.at(-1);
    if (last?.key === key) last.orders.push(order);
    else groups.push({ key, group, orders: [order] });
  }
  return groups;
}

export function StaffAgendaList({
  orders,
  now = new Date(),
}: {
  orders: readonly StaffOrderDetail[];
  now?: Date;
}) {
  const today = localDay(now);
  const tomorrow = localDay(
    new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1),
  );
  const groups = agendaGroups(orders, today);
  return (
    <div className="staff-agenda">
      {groups.map(({ key, group, orders: inGroup }) => {
        const id = `staff-agenda-${key}`;
        return (
          <section key={key} aria-labelledby={id}>
            <h3
              id={id}
              className={
                group.kind === "overdue"
                  ? "staff-agenda-day is-overdue"
                  : "staff-agenda-day"
              }
            >
              <GroupTitle group={group} today={today} tomorrow={tomorrow} />
              <span className="staff-agenda-count">{inGroup.length}</span>
            </h3>
            <ul className="staff-list" aria-labelledby={id}>
              {inGroup.map((order) => (
                <li key={order.masterId}>
                  <StaffQueueRow
                    order={order}
                    overdue={group.kind === "overdue"}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function GroupTitle({
  group,
  today,
  tomorrow,
}: {
  group: DayGroup;
  today: string;
  tomorrow: string;
}): ReactNode {
  const { t } = useLingui();
  const locale = useRouteLocale();
  switch (group.kind) {
    case "overdue":
      return <Trans>已逾期</Trans>;
    case "unplanned":
      return <Trans>未定日期</Trans>;
    case "to_start":
      return <Trans>待开始（先付款的在前）</Trans>;
    case "day": {
      const date = formatDate(group.at, locale);
      if (group.day === today) return t`今天 · ${date}`;
      if (group.day === tomorrow) return t`明天 · ${date}`;
      return date;
    }
  }
}
