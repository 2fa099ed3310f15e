// The payload of a command pushed to a user's connections (content type 99), the same for both
// engines: `{cmd, param, type: 99}`.
import { ContentType, encodeUtf8 } from "#protocol";
import type { ImCommand } from "../domain/im/ImEngine";

export function commandPayload(command: ImCommand): Uint8Array {
  return encodeUtf8(
    JSON.stringify({
      cmd: command.cmd,
      param: command.param ?? null,
      type: ContentType.CMD,
    }),
  );
}
