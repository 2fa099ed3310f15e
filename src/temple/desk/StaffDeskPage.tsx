// /staff/orders: the order desk of service staff, monks and admins. The queue tabs with their
// counts (the agenda first: a monk's orders by planned day), the search of staff and admins, and
// one page of the chosen queue or of what the search found; beside it (two panes from 960 px) or
// instead of it (a phone) the open order. Anyone else sees the "no access" screen; nothing shows before the user's
// roles are known. On a phone, closing an order gives focus back to its row.
import { useEffect, useRef, useState } from "react";
import {
  getRouteApi,
  Link,
  Outlet,
  useParams,
  useRouter,
} from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { STAFF_ORDER_QUEUES } from "#contract";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { RefreshIcon } from "../../ui/icons";
import { PageSkeleton } from "../../ui/PageSkeleton";
import { Pagination } from "../../ui/Pagination";
import { usePageTitle } from "../../ui/usePageTitle";
import { showsTwoPanes } from "./deskLayout";
import { StaffAgendaList } from "./StaffAgendaList";
import { StaffOrderSearch } from "./StaffOrderSearch";
import { NoStaffAccess } from "./NoStaffAccess";
import { canUseStaffDesk } from "./staffAccess";
import { QUEUE_EMPTY, QUEUE_LABELS } from "./staffLabels";
import type { QueueData } from "./staffLoaders";
import { StaffQueueList } from "./StaffQueueList";
import { STAFF_PAGE_SIZE } from "./staffSearch";
import "../../ui/field.css";
import "./staff.css";
import "./staffAgenda.css";

const route = getRouteApi("/{-$locale}/staff/orders");

export function StaffDeskPage() {
  const { user } = useSnapshot(session);
  const data = route.useLoaderData();
  if (data.kind === "noAccess") return <NoStaffAccess />;
  // NOTE: the roles arrive with user/v1/info; nothing of the desk shows before they are known.
  if (user === null) return <PageSkeleton />;
  if (!canUseStaffDesk(user)) return <NoStaffAccess />;
  return (
    <StaffDesk
      data={data}
      searches={user.isService === 1 || user.isAdmin === 1}
    />
  );
}

function StaffDesk({ data, searches }: { data: QueueData; searches: boolean }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const locale = useLocaleParam();
  const params: { masterId?: unknown } = useParams({ strict: false });
  const openId =
    typeof params.masterId === "number" ? params.masterId : undefined;
  const [refreshing, setRefreshing] = useState(false);
  usePageTitle(t`订单工作台`);
  const searched = data.q;
  const found = data.page.total;
  const lastOpen = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (openId !== undefined) {
      lastOpen.current = openId;
      return;
    }
    const last = lastOpen.current;
    lastOpen.current = undefined;
    if (last !== undefined && !showsTwoPanes())
      document
        .querySelector<HTMLElement>(`[data-master-id="${String(last)}"]`)
        ?.focus();
  }, [openId]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await router.invalidate();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div
      className="page staff-desk"
      data-open={openId === undefined ? undefined : "order"}
    >
      <header className="page-head staff-desk-head">
        <h1>
          <Trans>订单工作台</Trans>
        </h1>
        <button
          type="button"
          className="icon-btn"
          aria-label={t`刷新`}
          aria-busy={refreshing}
          disabled={refreshing}
          onClick={() => {
            void refresh();
          }}
        >
          <RefreshIcon size={22} />
        </button>
      </header>
      <div className="staff-panes">
        <section className="staff-queue" aria-labelledby="staff-queue-title">
          {searches ? <StaffOrderSearch key={data.q ?? ""} q={data.q} /> : null}
          <nav className="staff-tabs" aria-label={t`订单队列`}>
            {STAFF_ORDER_QUEUES.map((queue) => {
              const count =
                queue === "all" || queue === "agenda"
                  ? undefined
                  : data.counts[queue];
              return (
                <Link
                  key={queue}
                  to="/{-$locale}/staff/orders"
                  params={{ locale }}
                  search={{ queue }}
                  className="staff-tab"
                  aria-current={queue === data.queue ? "page" : undefined}
                >
                  {i18n._(QUEUE_LABELS[queue])}
                  {count === undefined || count === 0 ? null : (
                    <span className="staff-tab-count">
                      {count > 99 ? "99+" : count}
                    </span>
                  )}
                </Link>
              );
            })}
          </nav>
          <h2
            id="staff-queue-title"
            className={data.q === undefined ? "visually-hidden" : "staff-found"}
          >
            {searched === undefined ? (
              i18n._(QUEUE_LABELS[data.queue])
            ) : (
              <Trans>
                “{searched}”的搜索结果：{found} 笔
              </Trans>
            )}
          </h2>
          {data.page.list.length === 0 ? (
            <p className="empty">
              {data.q === undefined ? (
                i18n._(QUEUE_EMPTY[data.queue])
              ) : (
                <Trans>
                  没有找到相符的订单。请检查订单号，或换用昵称、IM 号搜索。
                </Trans>
              )}
            </p>
          ) : data.queue === "agenda" && data.q === undefined ? (
            <StaffAgendaList orders={data.page.list} />
          ) : (
            <StaffQueueList
              orders={data.page.list}
              labelledBy="staff-queue-title"
            />
          )}
          <Pagination
            page={data.page.page}
            pageSize={STAFF_PAGE_SIZE}
            total={data.page.total}
          />
        </section>
        <div className="staff-detail">
          {openId === undefined ? (
            <p className="staff-placeholder">
              <Trans>选择一笔订单，查看详情并处理。</Trans>
            </p>
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </div>
  );
}
