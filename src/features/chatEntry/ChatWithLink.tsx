// "Chat with this monk" (or any IM user): a link that opens the conversation on /destiny; the auth
// guard sends signed-out users through the login first. Hidden without an IM id and on one's own card.
import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";

interface ChatWithLinkProps {
  readonly imId: string | null;
  readonly className?: string;
  readonly children: ReactNode;
}

export function ChatWithLink({ imId, className, children }: ChatWithLinkProps) {
  const locale = useLocaleParam();
  const { imUid, isLoggedIn } = useSnapshot(session);
  if (imId === null || imId === "" || (isLoggedIn && imId === imUid))
    return null;
  return (
    <Link
      to="/{-$locale}/destiny"
      params={{ locale }}
      search={{ chat: imId }}
      className={className}
    >
      {children}
    </Link>
  );
}
