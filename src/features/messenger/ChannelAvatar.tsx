// A chat peer's round avatar, with an online dot; the first letter of the name until (or unless)
// there is a picture. Decorative: the row or header around it names the peer.
interface ChannelAvatarProps {
  readonly name: string;
  readonly url: string | null;
  readonly online?: boolean;
  readonly size?: number;
}

export function ChannelAvatar({
  name,
  url,
  online = false,
  size = 48,
}: ChannelAvatarProps) {
  const first = name.trim().codePointAt(0);
  const initial = first === undefined ? "?" : String.fromCodePoint(first);
  return (
    <span
      className="chat-avatar"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {url !== null && url !== "" ? (
        <img src={url} alt="" width={size} height={size} loading="lazy" />
      ) : (
        <span className="chat-avatar-initial">{initial}</span>
      )}
      {online ? <span className="chat-online-dot" /> : null}
    </span>
  );
}
