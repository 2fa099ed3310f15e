// Direct reads of IM storage for assertions ("nothing stored", "stored once").
import { sql } from "drizzle-orm";
import type { Db } from "../../../../server/db/createDb";

export interface StoredRow {
  id: string;
  message_seq: number;
  client_msg_no: string;
  from_uid: string;
  to_uid: string;
  payload: string;
}

export async function storedMessages(
  db: Db,
  fromUid: string,
): Promise<StoredRow[]> {
  const result = await db.execute(sql`
    select id::text as id, message_seq, client_msg_no, from_uid, to_uid, payload
    from im_messages where from_uid = ${fromUid} order by message_seq`);
  return (result as { rows: StoredRow[] }).rows;
}

/** How `uid` sees the chat with `peer` (the API's view), or null before any message. */
export { conversationState as conversationOf } from "../../../../server/domain/messenger/conversations";
