// The two SQL statements of the group-commit write path, prepared once and run through the
// driver's own client (no query builder on the hot path): PGlite (in-process or in its worker
// thread) gets a session-level PREPARE run with EXECUTE and a dollar-quoted JSON literal (binding
// is what costs in PGlite); pg gets a named prepared statement per pooled connection. Each
// statement takes one JSON document.
import { PGlite } from "@electric-sql/pglite";
import type { Db } from "../db/createDb";
import { PgliteWorkerClient } from "../db/PgliteWorkerClient";

export interface BatchStatements {
  /** Runs INSERT_BATCH with its two JSON arrays; returns its rows (`o`, `seq`). */
  insert(
    channels: string,
    messages: string,
  ): Promise<{ o: number; seq: number }[]>;
  /** Runs FIND_STORED with `doc`; returns the stored duplicates. */
  findStored(doc: string): Promise<StoredRow[]>;
}

export interface StoredRow {
  id: string;
  message_seq: number;
  timestamp: number;
  from_uid: string;
  client_msg_no: string;
}

// NOTE: one statement, two JSON arrays: the channels ($1) and the messages ($2). Each is parsed
// once; one document holding both was parsed three times (`->` parses the whole text). `alloc`
// adds each channel's count to its last seq (row-locked, so seqs stay contiguous even with
// concurrent writers) and moves its conversation fields (SET expressions see the row before the
// update: old last_seq + offset = the seq); every new message gets `last - count + offset`. A
// duplicate (sender, clientMsgNo) fails the whole statement, allocation included.
export const INSERT_BATCH = `
with demand as (
  select d.* from json_to_recordset($1::json) as d(k text, t smallint, n int, lo text,
    hi text, cv int, cid bigint, ccmn text, cts int, los int, his int)
),
alloc as (
  insert into im_channels as c (channel_key, channel_type, last_seq, uid_lo, uid_hi, conv_seq,
    conv_message_id, conv_client_msg_no, conv_timestamp, lo_sent_seq, hi_sent_seq, version)
  select k, t, n, lo, hi, cv, cid, ccmn, cts, los, his,
    case when cv > 0 then nextval('im_conversation_version') else 0 end
  from demand
  on conflict (channel_key, channel_type) do update set
    last_seq = c.last_seq + excluded.last_seq,
    conv_seq = case when excluded.conv_seq > 0 then c.last_seq + excluded.conv_seq
                    else c.conv_seq end,
    conv_message_id = case when excluded.conv_seq > 0 then excluded.conv_message_id
                           else c.conv_message_id end,
    conv_client_msg_no = case when excluded.conv_seq > 0 then excluded.conv_client_msg_no
                              else c.conv_client_msg_no end,
    conv_timestamp = case when excluded.conv_seq > 0 then excluded.conv_timestamp
                          else c.conv_timestamp end,
    lo_sent_seq = case when excluded.lo_sent_seq > 0 then c.last_seq + excluded.lo_sent_seq
                       else c.lo_sent_seq end,
    hi_sent_seq = case when excluded.hi_sent_seq > 0 then c.last_seq + excluded.hi_sent_seq
                       else c.hi_sent_seq end,
    version = case when excluded.conv_seq > 0 then excluded.version else c.version end
  returning channel_key, channel_type, last_seq
),
numbered as (
  select m.*, a.last_seq - d.n + m.off as seq
  from json_to_recordset($2::json) as m(o int, id bigint, k text, t smallint, f text,
    r text, cmn text, cs int, st smallint, h smallint, ty int, ex int, tp text, ts int, pl text,
    off int)
  join alloc a on a.channel_key = m.k and a.channel_type = m.t
  join demand d on d.k = m.k and d.t = m.t
),
msgs as (
  insert into im_messages (id, channel_key, channel_type, message_seq, from_uid, to_uid,
    client_msg_no, client_seq, setting, header, content_type, expire, topic, timestamp, payload)
  select id, k, t, seq, f, r, cmn, cs, st, h, ty, ex, tp, ts, pl from numbered
)
select o, seq from numbered`;

/** The stored messages among `[{f: fromUid, c: clientMsgNo}]`. */
export const FIND_STORED = `
select m.id::text as id, m.message_seq, m.timestamp, m.from_uid, m.client_msg_no
from json_to_recordset($1::json) as k(f text, c text)
join im_messages m on m.from_uid = k.f and m.client_msg_no = k.c`;

interface PgPool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: unknown[] }>;
}

/** The prepared statements for the database's driver. */
export function batchStatements(db: Db): BatchStatements {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite || client instanceof PgliteWorkerClient)
    return pgliteStatements(client);
  if (client !== undefined && typeof (client as PgPool).query === "function")
    return pgStatements(client as PgPool);
  throw new Error("the database has no query client");
}

function pgStatements(pool: PgPool): BatchStatements {
  return {
    insert: async (channels, messages) =>
      (
        await pool.query({
          name: "im_insert_batch",
          text: INSERT_BATCH,
          values: [channels, messages],
        })
      ).rows as { o: number; seq: number }[],
    findStored: async (doc) =>
      (
        await pool.query({
          name: "im_find_stored",
          text: FIND_STORED,
          values: [doc],
        })
      ).rows as StoredRow[],
  };
}

/** A dollar-quoted literal whose tag does not occur in `text` (checked, so `text` cannot end it). */
function dollarQuoted(text: string): string {
  for (let i = 0; ; i++) {
    const tag = `$j${i}$`;
    if (!text.includes(tag)) return `${tag}${text}${tag}`;
  }
}

/** What the PGlite path needs: PGlite itself, or its worker-thread client. */
interface PgliteLike {
  query(sql: string): Promise<{ rows: unknown[] }>;
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
}

function pgliteStatements(pg: PgliteLike): BatchStatements {
  let prepared: Promise<unknown> | null = null;
  // NOTE: PREPARE lives in PGlite's one session; EXECUTE skips parse and plan (≈1 ms per batch).
  const run = async <T>(name: string, docs: string[]): Promise<T[]> => {
    prepared ??= (async () => {
      // NOTE: another engine on the same PGlite (a restart in tests) may have prepared them.
      const existing = await pg.query(
        "select name from pg_prepared_statements where name in ('im_insert_batch', 'im_find_stored')",
      );
      const have = new Set(
        (existing.rows as { name: string }[]).map((r) => r.name),
      );
      if (!have.has("im_insert_batch"))
        await pg.exec(`prepare im_insert_batch(json, json) as ${INSERT_BATCH}`);
      if (!have.has("im_find_stored"))
        await pg.exec(`prepare im_find_stored(json) as ${FIND_STORED}`);
    })();
    try {
      await prepared;
    } catch (error) {
      prepared = null;
      throw error;
    }
    const args = docs.map(dollarQuoted).join(", ");
    const [result] = await pg.exec(`execute ${name}(${args})`);
    return (result?.rows ?? []) as T[];
  };
  return {
    insert: (channels, messages) =>
      run("im_insert_batch", [channels, messages]),
    findStored: (doc) => run("im_find_stored", [doc]),
  };
}
