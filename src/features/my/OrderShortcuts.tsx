// The order shortcuts of /my: 待付款, 服务中, 已完成 and 全部, each linking to /myOrder with that
// filter and showing how many orders it holds. The counts are the `total` of order/v1/mine asked
// with pageSize 1 (one small query per status); until they arrive, or if they fail, no number shows.
import { useEffect, useState, type ReactElement } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { fetchMyOrders, type OrderStatus } from "../../api/commerce";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import type { IconProps } from "../../ui/icons";
import { CheckIcon } from "../../ui/icons";
import { LampIcon, ListIcon, WalletIcon } from "./myIcons";

interface Shortcut {
  key: string;
  status: OrderStatus | undefined;
  label: MessageDescriptor;
  Icon: (props: IconProps) => ReactElement;
}

const SHORTCUTS: readonly Shortcut[] = [
  {
    key: "pending",
    status: "pending_payment",
    label: msg`待付款`,
    Icon: WalletIcon,
  },
  { key: "service", status: "in_service", label: msg`服务中`, Icon: LampIcon },
  { key: "done", status: "completed", label: msg`已完成`, Icon: CheckIcon },
  { key: "all", status: undefined, label: msg`全部`, Icon: ListIcon },
];

type Counts = Readonly<Record<string, number>>;

export function OrderShortcuts() {
  const { i18n } = useLingui();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const [counts, setCounts] = useState<Counts | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      SHORTCUTS.map((shortcut) =>
        fetchMyOrders(
          { status: shortcut.status, page: 1, pageSize: 1, locale },
          { signal: controller.signal },
        ).then((page) => [shortcut.key, page.total] as const),
      ),
    ).then(
      (entries) => {
        setCounts(Object.fromEntries(entries));
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          console.error("Order counts failed", error);
      },
    );
    return () => {
      controller.abort();
    };
  }, [locale]);

  return (
    <section
      className="card my-section my-orders-card"
      aria-labelledby="my-orders-title"
    >
      <h2 id="my-orders-title" className="my-section-title">
        <Trans>我的订单</Trans>
      </h2>
      <ul className="my-order-shortcuts" aria-busy={counts === null}>
        {SHORTCUTS.map(({ key, status, label, Icon }) => {
          const count = counts?.[key];
          return (
            <li key={key}>
              <Link
                to="/{-$locale}/myOrder"
                params={{ locale: localeParam }}
                search={status === undefined ? {} : { status }}
                className="my-order-shortcut"
                data-testid={`order-shortcut-${key}`}
              >
                <span className="my-order-icon">
                  <Icon size={26} />
                  {count === undefined || count === 0 ? null : (
                    <span
                      className="my-order-count"
                      data-testid={`order-count-${key}`}
                    >
                      {count > 99 ? "99+" : count}
                    </span>
                  )}
                </span>
                <span className="my-order-label">{i18n._(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
