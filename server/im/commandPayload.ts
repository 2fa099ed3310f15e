// The payload of a command pushed to a user's connections (content type 99), the same for both
// engines: `{cmd, param, channel_id, channel_type, type: 99}`, sent as SYSTEM_UID. The channel it
// concerns rides in the payload because WuKongIM shows a personal message to its recipient under
// the sender's uid (the system's), not under the chat's peer.
import { ContentType, encodeUtf8 } from "#protocol";
import type { ImCommand } from "../domain/messenger/ImEngine";

export function commandPayload(command: ImCommand): Uint8Array {
  return encodeUtf8(
    JSON.stringify({
      cmd: command.cmd,
      param: command.param ?? null,
      channel_id: command.channelId,
      channel_type: command.channelType,
      type: ContentType.CMD,
    }),
  );
}
