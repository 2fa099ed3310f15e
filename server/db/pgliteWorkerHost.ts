// The worker thread that owns the embedded PGlite database: PGlite's WASM and its synchronous file
// I/O run here, off the server's event loop. Answers query/exec/close requests one at a time, in
// order; transactions are kept whole by the client (PgliteWorkerClient), which sends nothing else
// while one is open. Data statements run prepared (pglitePrepared.ts). On disk, every answer waits
// until what the request wrote is durable (walSync.ts; a request that changed no file has nothing
// to wait for: fileChanges.ts); once the disk refuses, every later request fails, as PostgreSQL
// would panic.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Results } from "@electric-sql/pglite";
import type { DurableSync } from "./durableSyncs";
import { trackFileChanges } from "./fileChanges";
import { PreparedStatements, runsPrepared } from "./pglitePrepared";
import { RawTypes } from "./pgliteRawTypes";
import { WalSync } from "./walSync";
import type {
  ErrorData,
  WorkerInit,
  WorkerReady,
  WorkerReply,
  WorkerRequest,
} from "./pgliteWorkerMessages";

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
  // NOTE: what was written before this is covered by the first sync above.
  const fileChanges = trackFileChanges((pg.Module as { FS: object }).FS);
  const rawTypes = new RawTypes(pg.parsers);
  const prepared = new PreparedStatements(pg);
  let queue = Promise.resolve();
  let diskFailure: Error | null = null;
  /**
   * Syncs what the request wrote (a failed statement may have written too); throws if it cannot.
   * A request that changed no file has nothing to sync. Returns how the sync went, if there was one.
   */
  const makeDurable = (request: WorkerRequest): DurableSync | undefined => {
    try {
      let durable: DurableSync | undefined;
      if (walSync !== null && (fileChanges.take() || request.op === "close")) {
        const start = performance.now();
        const checkpoint = walSync.sync();
        durable = { ms: performance.now() - start, checkpoint };
      }
      if (request.op === "close") walSync?.close();
      return durable;
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
        let durable: DurableSync | undefined;
        const result = await run(pg, { rawTypes, prepared }, request).finally(
          () => {
            durable = makeDurable(request);
          },
        );
        reply = {
          id: request.id,
          ok: true,
          result,
          ...(durable === undefined ? {} : { durable }),
        };
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

async function run(
  pg: PGlite,
  { rawTypes, prepared }: { rawTypes: RawTypes; prepared: PreparedStatements },
  request: WorkerRequest,
): Promise<unknown> {
  switch (request.op) {
    case "query": {
      rawTypes.use(request.rawTypes);
      const options = { rowMode: request.rowMode };
      return plainResult(
        runsPrepared(request.sql)
          ? await prepared.query(request.sql, request.params, options)
          : await pg.query(request.sql, [...request.params], options),
      );
    }
    case "exec":
      rawTypes.use([]);
      return (await pg.exec(request.sql)).map(plainResult);
    case "close":
      if (!pg.closed) await pg.close();
      return null;
  }
}

if (parentPort !== null) await serve(parentPort);
