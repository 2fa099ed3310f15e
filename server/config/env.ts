// Shared pieces of environment parsing: the ConfigError every bad variable becomes, a reader that
// treats blank values as unset, and the flag/choice parsers. Pure: nothing here reads process.env.

export class ConfigError extends Error {
  override name = "ConfigError";
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.variable = variable;
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Reads one variable: trimmed, with "" treated as unset. */
export type EnvValue = (name: string) => string | undefined;

export function envReader(env: Env): EnvValue {
  return (name) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === "" ? undefined : raw;
  };
}

export const TRUE_WORDS = ["1", "true", "on", "yes"];
export const FALSE_WORDS = ["0", "false", "off", "no"];

export function parseFlag(name: string, raw: string): boolean {
  const lower = raw.toLowerCase();
  if (TRUE_WORDS.includes(lower)) return true;
  if (FALSE_WORDS.includes(lower)) return false;
  throw new ConfigError(
    name,
    `"${raw}" must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(", ")}`,
  );
}

export function oneOf<T extends string>(
  name: string,
  raw: string,
  allowed: readonly T[],
): T {
  const found = allowed.find((candidate) => candidate === raw);
  if (found === undefined)
    throw new ConfigError(
      name,
      `"${raw}" must be one of ${allowed.join(", ")}`,
    );
  return found;
}

/** An absolute http(s) URL (no query or fragment), returned without a trailing slash. */
export function parseHttpUrl(
  name: string,
  raw: string,
  example = "https://fuyuan.example.com",
): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      name,
      `"${raw}" is not an absolute URL (expected e.g. ${example})`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(
      name,
      `must use http or https, not ${url.protocol.replace(":", "")}`,
    );
  }
  if (url.search !== "" || url.hash !== "") {
    throw new ConfigError(name, "must not have a query or fragment");
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** One documented variable (the README table is generated from these). */
export interface EnvVarDoc {
  name: string;
  default: string;
  description: string;
}
