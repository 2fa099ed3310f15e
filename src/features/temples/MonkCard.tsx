// A monk's profile card: avatar, name, title, specialties and biography, with links to the monk's
// page and to a chat with the monk (when the monk has an IM account).
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import type { Monk } from "../../api/types";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { LazyImage } from "../../ui/LazyImage";
import { ChatIcon, ChevronRightIcon } from "../../ui/icons";
import { ChatWithLink } from "../chatEntry/ChatWithLink";
import "./monkCard.css";

interface MonkCardProps {
  monk: Monk;
  /** Link to the monk's page (off on that page itself, where the card's name is the page's h1). */
  linked?: boolean;
}

export function MonkCard({ monk, linked = true }: MonkCardProps) {
  const locale = useLocaleParam();
  const name = monk.name;
  const Name = linked ? "h3" : "h1";
  return (
    <article
      className="card monk-card"
      aria-labelledby={`monk-${String(monk.id)}`}
    >
      <div className="monk-card-head">
        <LazyImage
          className="avatar"
          src={monk.avatar}
          alt=""
          width={64}
          height={64}
        />
        <div>
          <Name id={`monk-${String(monk.id)}`} className="monk-card-name">
            {monk.name}
          </Name>
          <p className="monk-card-title">{monk.title}</p>
        </div>
      </div>
      {monk.specialties.length > 0 ? (
        <ul className="tag-list">
          {monk.specialties.map((specialty) => (
            <li key={specialty} className="chip">
              {specialty}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="monk-card-bio">{monk.bio}</p>
      <div className="monk-card-actions">
        {linked ? (
          <Link
            to="/{-$locale}/monk/$id"
            params={{ locale, id: monk.id }}
            className="card-link"
          >
            <Trans>请法师祈福</Trans>
            <ChevronRightIcon size={16} />
          </Link>
        ) : null}
        <ChatWithLink imId={monk.imId} className="card-link monk-chat-link">
          <ChatIcon size={18} />
          <Trans>与{name}聊天</Trans>
        </ChatWithLink>
      </div>
    </article>
  );
}
