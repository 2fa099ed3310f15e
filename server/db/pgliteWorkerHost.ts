// The worker thread that owns the embedded PGlite database: PGlite's WASM and its synchronous file
// I/O run here, off the server's event loop. Answers query/exec/close requests one at a time, in
// order; transactions are kept whole by the client (PgliteWorkerClient), which sends nothing else
// while one is open. On disk, every answer waits until what the request wrote is durable
// (walSync.ts); once the disk refuses, every later request fails, as PostgreSQL would panic.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type ParserOptions, type Results } from "@electric-sql/pglite";
import { WalSync } from "./walSync";
import type {
  ErrorData,
  WorkerInit,
  WorkerReady,
  WorkerReply,
  WorkerRequest,
} from "./pgliteWorkerMessages";

/** Keeps a value as the text PostgreSQL sent (what Drizzle's parsers do for dates and intervals). */
const asText = (value: string) => value;

export function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error))
    return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (
      value === null ||
      ["string", "number", "boolean", "bigint"].includes(typeof value)
    )
      fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

async function serve(port: NonNullable<typeof parentPort>): Promise<void> {
  const init = workerData as WorkerInit;
  let pg: PGlite;
  let walSync: WalSync | null = null;
  try {
    pg = await PGlite.create({
      ...(init.dataDir === null ? {} : { dataDir: init.dataDir }),
      ...(init.loadDataDir === undefined
        ? {}
        : { loadDataDir: new Blob([init.loadDataDir]) }),
    });
    if (init.sessionSql !== "") await pg.exec(init.sessionSql);
    if (init.dataDir !== null) {
      walSync = new WalSync(init.dataDir, await walSegmentBytes(pg));
      walSync.sync();
    }
  } catch (error) {
    port.postMessage({
      ready: false,
      error: errorData(error),
    } satisfies WorkerReady);
    return;
  }
  let queue = Promise.resolve();
  let diskFailure: Error | null = null;
  /** Syncs what the request wrote (a failed statement may have written too); throws if it cannot. */
  const makeDurable = (request: WorkerRequest) => {
    try {
      walSync?.sync();
      if (request.op === "close") walSync?.close();
    } catch (error) {
      diskFailure = new Error(
        `the database could not make its writes durable: ${String(error)}`,
      );
      throw diskFailure;
    }
  };
  port.on("message", (request: WorkerRequest) => {
    queue = queue.then(async () => {
      let reply: WorkerReply;
      try {
        if (diskFailure !== null) throw diskFailure;
        const result = await run(pg, request).finally(() => {
          makeDurable(request);
        });
        reply = { id: request.id, ok: true, result };
      } catch (error) {
        reply = { id: request.id, ok: false, error: errorData(error) };
      }
      port.postMessage(reply);
      if (request.op === "close" && reply.ok) port.close();
    });
  });
  port.postMessage({ ready: true } satisfies WorkerReady);
}

/** The WAL segment size of the open database, in bytes. */
async function walSegmentBytes(pg: PGlite): Promise<number> {
  const { rows } = await pg.query<{ bytes: number }>(
    "select setting::int as bytes from pg_settings where name = 'wal_segment_size'",
  );
  const bytes = rows[0]?.bytes;
  if (bytes === undefined || bytes <= 0)
    throw new Error("the database did not report its WAL segment size");
  return bytes;
}

/** A PGlite result as plain data for the client (rows, field names and types, affected rows). */
function plainResult(result: Results): unknown {
  return {
    rows: result.rows,
    fields: result.fields.map((f) => ({
      name: f.name,
      dataTypeID: f.dataTypeID,
    })),
    ...(result.affectedRows === undefined
      ? {}
      : { affectedRows: result.affectedRows }),
  };
}

async function run(pg: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const parsers: ParserOptions = {};
      for (const oid of request.rawTypes) parsers[oid] = asText;
      return plainResult(
        await pg.query(request.sql, [...request.params], {
          rowMode: request.rowMode,
          parsers,
        }),
      );
    }
    case "exec":
      return (await pg.exec(request.sql)).map(plainResult);
    case "close":
      if (!pg.closed) await pg.close();
      return null;
  }
}

if (parentPort !== null) await serve(parentPort);
