// Reads what the embedded database answers to a prepared statement's Bind/Execute/Sync into the
// result PGlite's query() gives (rows in either row mode, fields, command, affectedRows and
// rowCount), from the raw protocol bytes. Why not PGlite's own parser: it copies every field's
// bytes into a new ArrayBuffer before decoding them, and under the order list's load that copying
// alone was 13 % of the database thread (926 ms of 7 s, CPU profile of the worker); here each
// field is decoded straight from the answer's buffer. Only the messages such an answer holds are
// read (DataRow, CommandComplete); the rest (BindComplete, ReadyForQuery, notices) are skipped. An
// ErrorResponse is handed to PGlite's parser, so the error thrown is the very DatabaseError that
// query() throws. Values are parsed with PGlite's type parsers (types.parseType), as query() does.
// The row description is the one the statement was described with when it was prepared (a
// statement's result shape cannot change under it: PostgreSQL refuses with 0A000 instead).
// Notifications (LISTEN) are not dispatched on this path; the server listens on none. Pure: no I/O.
import {
  type ParserOptions,
  protocol,
  type Results,
  type RowMode,
  types,
} from "@electric-sql/pglite";

/** A result column as query() reports it. */
export interface ResultField {
  readonly name: string;
  readonly dataTypeID: number;
}

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'
/** The counts PostgreSQL reports that query() adds up as affected rows. */
const COUNTS_AFFECTED = new Set([
  "INSERT",
  "UPDATE",
  "DELETE",
  "COPY",
  "MERGE",
]);

/**
 * The result of one executed statement in `answer` (raw backend messages), its rows shaped by
 * `fields`. Throws the database's error when the answer holds one.
 */
export function readExecuteAnswer(
  answer: Uint8Array,
  fields: readonly ResultField[],
  parsers: ParserOptions,
  rowMode: RowMode | undefined,
): Results {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.length);
  const rows: Results["rows"] = [];
  let command: string | undefined;
  let affectedRows = 0;
  let rowCount: number | undefined;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = bytes.readInt32BE(at + 1);
    const body = at + 5;
    const end = at + 1 + length;
    if (type === DATA_ROW)
      rows.push(readRow(bytes, body, fields, parsers, rowMode));
    else if (type === COMMAND_COMPLETE) {
      const words = bytes.toString("utf8", body, end - 1).split(" ");
      command = words[0] ?? "";
      const count = Number.parseInt(words[words.length - 1] ?? "", 10);
      if (COUNTS_AFFECTED.has(command)) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    } else if (type === ERROR_RESPONSE) throw databaseErrorIn(answer);
    at = end;
  }
  if (command === undefined)
    throw new Error("the database answered without completing the statement");
  const result: Results & { command: string; rowCount?: number } = {
    rows,
    fields: fields as Results["fields"],
    command,
    affectedRows,
  };
  if (rowCount !== undefined) result.rowCount = rowCount;
  return result;
}

function readRow(
  bytes: Buffer,
  at: number,
  fields: readonly ResultField[],
  parsers: ParserOptions,
  rowMode: RowMode | undefined,
): Results["rows"][number] {
  const count = bytes.readInt16BE(at);
  let cursor = at + 2;
  const values: unknown[] = new Array<unknown>(count);
  for (let i = 0; i < count; i += 1) {
    const length = bytes.readInt32BE(cursor);
    cursor += 4;
    if (length < 0) values[i] = null;
    else {
      const text = bytes.toString("utf8", cursor, cursor + length);
      cursor += length;
      values[i] = types.parseType(text, fields[i]?.dataTypeID ?? 0, parsers);
    }
  }
  if (rowMode === "array") return values;
  const row: Record<string, unknown> = {};
  for (let i = 0; i < count; i += 1) row[fields[i]?.name ?? ""] = values[i];
  return row;
}

/** The DatabaseError in `answer`, read by PGlite's own parser (as query() throws it). */
function databaseErrorIn(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (error === undefined && message instanceof Error) error = message;
  });
  return error ?? new Error("the database answered with an unreadable error");
}
