// The value parsers several configuration areas share, as zod schemas over a variable's text:
// flags, choices, whole numbers, URLs. Messages are the variable's part of a ConfigError (readEnv
// puts the name in front); a schema that parses a URL checks first, with `abort`, that it is one.
import { z } from "zod";

/** An error message that quotes the value: `"80a" is not a port number (0-65535)`. */
export const quoting =
  (problem: string) =>
  (issue: { input?: unknown }): string =>
    `"${String(issue.input)}" ${problem}`;

const TRUE_WORDS = ["1", "true", "on", "yes"];
const FLAG_WORDS = [...TRUE_WORDS, "0", "false", "off", "no"];

export const isFlagWord = (raw: string): boolean =>
  FLAG_WORDS.includes(raw.toLowerCase());

/** 1/true/on/yes or 0/false/off/no, in any case. */
export const flag = z
  .string()
  .refine(isFlagWord, {
    error: quoting(`must be one of ${FLAG_WORDS.join(", ")}`),
  })
  .transform((raw) => TRUE_WORDS.includes(raw.toLowerCase()));

export const choice = <const T extends readonly string[]>(values: T) =>
  z.enum(values, { error: quoting(`must be one of ${values.join(", ")}`) });

/** Digits only (no sign, point, exponent or hex), from `min` to `max`. */
export const wholeNumber = (min: number, max: number, problem: string) =>
  z
    .string()
    .refine(
      (raw) => /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max,
      { error: quoting(problem) },
    )
    .transform(Number);

/** `rule` over the value read as a URL. */
export const ofUrl =
  <T>(rule: (url: URL) => T) =>
  (raw: string): T =>
    rule(new URL(raw));

/** An error message made from the refused value read as a URL. */
export const urlProblem =
  (problem: (url: URL) => string) =>
  (issue: { input?: unknown }): string =>
    problem(new URL(String(issue.input)));

/** An absolute URL, kept as written; `problem` says what was expected. */
export const absoluteUrl = (problem: (issue: { input?: unknown }) => string) =>
  z
    .string()
    .refine((raw) => URL.canParse(raw), { error: problem, abort: true });

/** An absolute URL of one of `protocols` ("ws", "http", …), kept as written. */
export const urlOf = (protocols: readonly string[], example: string) =>
  absoluteUrl(
    quoting(`is not an absolute URL (expected e.g. ${example})`),
  ).refine(
    ofUrl((url) => protocols.includes(url.protocol.replace(":", ""))),
    {
      error: urlProblem(
        (url) =>
          `must use ${protocols.join(" or ")}, not ${url.protocol.replace(":", "")}`,
      ),
      abort: true,
    },
  );

/** An absolute http(s) URL (no query or fragment), returned without a trailing slash. */
export const httpUrl = (example = "https://fuyuan.example.com") =>
  urlOf(["http", "https"], example)
    .refine(
      ofUrl((url) => url.search === "" && url.hash === ""),
      "must not have a query or fragment",
    )
    .transform(
      ofUrl((url) => `${url.origin}${url.pathname.replace(/\/+$/, "")}`),
    );

/** A value `problem` finds nothing wrong with (it returns why the value is unusable, or null). */
export const checkedBy = (problem: (raw: string) => string | null) =>
  z.string().refine((raw) => problem(raw) === null, {
    error: (issue) => problem(String(issue.input)) ?? "is invalid",
  });
