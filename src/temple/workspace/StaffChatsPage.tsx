// /staff/chats: the chat workspace of service staff and admins (#22). The conversations (as the
// chat page has them) with filters; beside them (from 960 px) or instead of them (a phone) the open
// thread with quick replies; and the customer's context: a third column from 1280 px, a side panel
// below that, a page of its own on a phone. Anyone else sees the desk's "no access" screen.
import { useCallback, useEffect } from "react";
import {
  getRouteApi,
  useCanGoBack,
  useNavigate,
  useRouter,
} from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { channelKey } from "../../db/channelKey";
import { watchProfiles } from "../../features/messenger/channelProfiles";
import { PERSON_CHANNEL } from "../../features/messenger/messengerSearch";
import { ThreadView } from "../../features/messenger/ThreadView";
import { useImDb } from "../../features/messenger/useImDb";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { UserIcon } from "../../ui/icons";
import { PageSkeleton } from "../../ui/PageSkeleton";
import { NoStaffAccess } from "../desk/NoStaffAccess";
import { CustomerPane } from "./CustomerPane";
import { QuickReplyButton } from "./QuickReplies";
import { canUseChatWorkspace } from "./workspaceAccess";
import { fetchAssigned } from "./workspaceApi";
import { WorkspaceList } from "./WorkspaceList";
import {
  validateWorkspaceSearch,
  type WorkspaceSearch,
} from "./workspaceSearch";
import { useLoaded } from "./useLoaded";
import "../../features/messenger/destiny.css";
import "../../ui/field.css";
import "../desk/staff.css";
import "./workspace.css";

const route = getRouteApi("/{-$locale}/staff/chats");

export function StaffChatsPage() {
  const { user } = useSnapshot(session);
  // NOTE: the roles arrive with user/v1/info; nothing of the workspace shows before they are known.
  if (user === null) return <PageSkeleton />;
  if (!canUseChatWorkspace(user)) return <NoStaffAccess />;
  return <Workspace />;
}

function Workspace() {
  const { t } = useLingui();
  const search = validateWorkspaceSearch(route.useSearch());
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const locale = useLocaleParam();
  const { db, imUid } = useImDb();
  // NOTE: staff talk to customers one to one.
  const channel =
    search.chat === undefined
      ? null
      : { channelId: search.chat, channelType: PERSON_CHANNEL };
  const filter = search.filter ?? "all";
  const assigned = useLoaded("assigned", (signal) => fetchAssigned({ signal }));
  useEffect(() => watchProfiles(db), [db]);

  const go = useCallback(
    (next: WorkspaceSearch, replace = false) => {
      void navigate({
        to: "/{-$locale}/staff/chats",
        params: { locale },
        search: next,
        replace,
      });
    },
    [navigate, locale],
  );
  // NOTE: back goes where the staff member came from (list → thread → context), as on the chat page.
  const back = (fallback: WorkspaceSearch) => {
    if (canGoBack) router.history.back();
    else go(fallback, true);
  };

  if (db === null)
    return (
      <div className="page">
        <p className="empty">
          <Trans>正在准备消息服务…</Trans>
        </p>
      </div>
    );

  const open = channel === null ? undefined : (search.pane ?? "thread");
  return (
    <div className="page ws-page" data-open={open}>
      <WorkspaceList
        db={db}
        selfUid={imUid}
        filter={filter}
        openId={channel?.channelId ?? null}
        assigned={assigned}
        onFilter={(next) => {
          go(
            {
              chat: search.chat,
              filter: next === "all" ? undefined : next,
              pane: search.pane,
            },
            true,
          );
        }}
      />
      <div className="ws-thread">
        {channel === null ? (
          <p className="staff-placeholder ws-placeholder">
            <Trans>选择一个会话，查看消息和客户资料。</Trans>
          </p>
        ) : (
          <ThreadView
            key={channelKey(channel)}
            db={db}
            channel={channel}
            initial={undefined}
            selfUid={imUid}
            onClose={() => {
              back({ filter: search.filter });
            }}
            headerActions={
              <button
                type="button"
                className="icon-btn ws-context-toggle"
                aria-label={t`客户资料`}
                title={t`客户资料`}
                aria-expanded={search.pane === "context"}
                onClick={() => {
                  if (search.pane === "context")
                    back({ chat: search.chat, filter: search.filter });
                  else go({ ...search, pane: "context" });
                }}
              >
                <UserIcon />
              </button>
            }
            composerTools={(insert) => <QuickReplyButton onPick={insert} />}
          />
        )}
      </div>
      {channel === null ? null : (
        <aside
          className="ws-context"
          aria-label={t`客户资料`}
          data-shown={search.pane === "context" ? true : undefined}
        >
          <CustomerPane
            key={channel.channelId}
            imId={channel.channelId}
            onClose={() => {
              back({ chat: search.chat, filter: search.filter });
            }}
            onHandedOff={assigned.reload}
          />
        </aside>
      )}
    </div>
  );
}
