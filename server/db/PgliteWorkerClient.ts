// The main thread's handle on an embedded PGlite database running in a worker thread
// (pgliteWorkerHost.ts): the part of PGlite's API the server uses (query, exec, transaction, close),
// answered by message, so PGlite's WASM and synchronous file I/O never block the event loop.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { durableSyncs } from "./durableSyncs";
import type {
  ErrorData,
  QueryResultData,
  WorkerInit,
  WorkerReady,
  WorkerReply,
  WorkerRequest,
} from "./pgliteWorkerMessages";

export interface WorkerQueryOptions {
  rowMode?: "object" | "array";
  /**
   * Per type OID. Only parsers that keep the text as sent cross to the worker (Drizzle's, for
   * dates and intervals); any other parser is refused with an error.
   */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface WorkerResults<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What a transaction callback gets: queries that run inside BEGIN … COMMIT. */
export interface WorkerTransaction {
  query<T>(
    sql: string,
    params?: readonly unknown[],
    options?: WorkerQueryOptions,
  ): Promise<WorkerResults<T>>;
  exec(sql: string): Promise<WorkerResults<unknown>[]>;
  /** Rolls back now; the transaction() call then resolves with undefined. */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Request = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, "id">
    : never
  : never;

/** An error from the database, with its fields (code, constraint, detail, …) as PGlite has them. */
function toError(data: ErrorData): Error {
  const error = new Error(data.message);
  error.name = data.name;
  return Object.assign(error, data.fields);
}

/** The worker's bootstrap from source: loads the TypeScript host through tsx's scoped loader. */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.tsxApi).then(({ tsImport }) => tsImport(workerData.host, workerData.host));
`;

/**
 * Compiled (`npm run build:server`): this code is bundled into build/server/*.mjs beside the
 * compiled host, which the worker loads as it is. From source (tsx, Vitest) it is a .ts module.
 */
const COMPILED = !import.meta.url.endsWith(".ts");

/** A worker thread running the database host, compiled or from source. */
function startHost(init: WorkerInit): Worker {
  // NOTE: no inherited execArgv: the host is loaded without tsx's flags, under tsx and Vitest alike.
  if (COMPILED)
    return new Worker(new URL("./pgliteWorkerHost.mjs", import.meta.url), {
      workerData: init,
      execArgv: [],
    });
  const require = createRequire(import.meta.url);
  return new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      ...init,
      // NOTE: the ESM build of tsx's API (require.resolve would pick the CommonJS one).
      tsxApi: pathToFileURL(
        join(
          dirname(require.resolve("tsx/package.json")),
          "dist/esm/api/index.mjs",
        ),
      ).href,
      host: new URL("./pgliteWorkerHost.ts", import.meta.url).href,
    },
    execArgv: [],
  });
}

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: unknown) => void }
  >();
  #nextId = 1;
  /** Held by a transaction from BEGIN to COMMIT/ROLLBACK; every other request waits for it. */
  #lock: Promise<void> = Promise.resolve();
  #failure: Error | null = null;
  #closing = false;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: WorkerReply) => {
      const waiting = this.#waiting.get(reply.id);
      if (waiting === undefined) return;
      this.#waiting.delete(reply.id);
      if (reply.ok) {
        if (reply.durable !== undefined && durableSyncs.hasSubscribers)
          durableSyncs.publish(reply.durable);
        waiting.resolve(reply.result);
      } else waiting.reject(toError(reply.error));
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      this.#closed = true;
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (this.#closing) fail(new Error("the database is closed"));
      else fail(new Error(`the database worker exited (code ${String(code)})`));
    });
  }

  /** Starts the worker and opens the database in it (`dataDir: null`: in memory). */
  static async open(
    dataDir: string | null,
    options: Omit<Partial<WorkerInit>, "dataDir"> = {},
  ): Promise<PgliteWorkerClient> {
    const init: WorkerInit = {
      dataDir,
      sessionSql: options.sessionSql ?? "",
      ...(options.loadDataDir === undefined
        ? {}
        : { loadDataDir: options.loadDataDir }),
    };
    const worker = startHost(init);
    const ready = await new Promise<WorkerReady>((resolve, reject) => {
      const onError = (error: Error) => {
        reject(error);
      };
      const onExit = (code: number) => {
        reject(
          new Error(
            `the database worker exited (code ${String(code)}) while opening`,
          ),
        );
      };
      worker.once("error", onError);
      worker.once("exit", onExit);
      worker.once("message", (message: WorkerReady) => {
        worker.off("error", onError);
        worker.off("exit", onExit);
        resolve(message);
      });
    });
    if (!ready.ready) {
      await worker.terminate();
      throw toError(ready.error);
    }
    return new PgliteWorkerClient(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(
    sql: string,
    params: readonly unknown[] = [],
    options: WorkerQueryOptions = {},
  ): Promise<WorkerResults<T>> {
    return this.#outsideTransactions(() =>
      this.#query<T>(sql, params, options),
    );
  }

  exec(sql: string): Promise<WorkerResults<unknown>[]> {
    return this.#outsideTransactions(() => this.#exec(sql));
  }

  /**
   * Runs `body` between BEGIN and COMMIT (ROLLBACK when it throws, then rethrows); nothing else
   * reaches the database meanwhile, as with PGlite's own transaction().
   */
  transaction<T>(
    body: (tx: WorkerTransaction) => Promise<T>,
  ): Promise<T | undefined> {
    return this.#locked(async () => {
      await this.#exec("begin");
      const state = { closed: false };
      const open = () => {
        if (state.closed) throw new Error("the transaction is already closed");
      };
      const tx: WorkerTransaction = {
        query: (sql, params = [], options = {}) => {
          open();
          return this.#query(sql, params, options);
        },
        exec: (sql) => {
          open();
          return this.#exec(sql);
        },
        rollback: async () => {
          open();
          state.closed = true;
          await this.#exec("rollback");
        },
        get closed() {
          return state.closed;
        },
      };
      try {
        const result = await body(tx);
        if (state.closed) return undefined;
        state.closed = true;
        await this.#exec("commit");
        return result;
      } catch (error) {
        if (!state.closed) {
          state.closed = true;
          await this.#exec("rollback");
        }
        throw error;
      }
    });
  }

  /** Closes the database (waiting for what was asked before) and ends the worker. */
  async close(): Promise<void> {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    try {
      await this.#locked(() => this.#send({ op: "close" }));
    } finally {
      this.#closed = true;
      this.#failure ??= new Error("the database is closed");
      await this.#worker.terminate();
    }
  }

  #query<T>(
    sql: string,
    params: readonly unknown[],
    options: WorkerQueryOptions,
  ): Promise<WorkerResults<T>> {
    const rawTypes = Object.entries(options.parsers ?? {}).map(
      ([oid, parse]) => {
        if (
          parse("2000-01-01 00:00:00+00", Number(oid)) !==
          "2000-01-01 00:00:00+00"
        )
          throw new Error(
            `a custom parser for type ${oid} cannot run in the database worker`,
          );
        return Number(oid);
      },
    );
    return this.#send({
      op: "query",
      sql,
      params,
      rowMode: options.rowMode ?? "object",
      rawTypes,
    }) as Promise<QueryResultData> as Promise<WorkerResults<T>>;
  }

  #exec(sql: string): Promise<WorkerResults<unknown>[]> {
    return this.#send({ op: "exec", sql }) as Promise<WorkerResults<unknown>[]>;
  }

  #send(request: Request): Promise<unknown> {
    if (this.#closed)
      return Promise.reject(
        this.#failure ?? new Error("the database is closed"),
      );
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /**
   * Sends `work` once the transactions begun before it have ended, without waiting for other
   * statements: the worker answers in order, so statements outside a transaction are pipelined
   * (waiting for each answer before sending the next left the database thread idle while the
   * answer crossed to a busy event loop and back).
   */
  #outsideTransactions<T>(work: () => Promise<T>): Promise<T> {
    return this.#lock.then(work);
  }

  /** Runs `work` once no transaction holds the database; a transaction holds it until it ends. */
  #locked<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#lock.then(work);
    this.#lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
