// How a configuration area declares its environment variables: one zod object per area whose keys
// are the variables, each built by envVar() with its parser, default and README text. From that one
// definition come the parsing (readEnv), the defaults and the README table (envDocs). Pure.
import { z } from "zod";

export class ConfigError extends Error {
  override name = "ConfigError";
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.variable = variable;
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

export const NODE_ENVS = ["development", "production", "test"] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** One documented variable, a row of the README table. */
export interface EnvVarDoc {
  name: string;
  default: string;
  description: string;
}

const ENV_DOCS = z.registry<Omit<EnvVarDoc, "name">>();

/** A variable's parser: from its trimmed, non-blank value. */
type ValueSchema = z.ZodType<unknown, string>;

/**
 * A variable whose unset value is `default`: the text is parsed like a given value (zod's
 * prefault) and is what the README shows.
 */
export function envVar<S extends ValueSchema>(
  schema: S,
  doc: { default: z.input<S>; description: string },
): z.ZodPrefault<S>;
/** A variable that may stay unset (undefined); `whenUnset` tells the README what happens then. */
export function envVar<S extends ValueSchema>(
  schema: S,
  doc: { whenUnset?: string; description: string },
): z.ZodOptional<S>;
export function envVar(
  schema: ValueSchema,
  doc: { default?: string; whenUnset?: string; description: string },
): z.ZodType {
  const { description } = doc;
  if (doc.default !== undefined)
    return schema
      .prefault(doc.default)
      .register(ENV_DOCS, { default: doc.default, description });
  const shown = doc.whenUnset ?? "(unset)";
  return schema.optional().register(ENV_DOCS, { default: shown, description });
}

/** A variable's value as given: trimmed, with "" treated as unset. */
function given(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === "" ? undefined : raw;
}

/** Whether `name` is given (not blank), whatever its parsed value or default. */
export function isSet(env: Env, name: string): boolean {
  return given(env, name) !== undefined;
}

/**
 * Reads and parses every variable of `schema`, in its order; the first bad one becomes a
 * ConfigError naming it. Rules across variables are the caller's, on the parsed values.
 */
export function readEnv<S extends z.ZodObject>(
  env: Env,
  schema: S,
): z.output<S> {
  const values = Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, given(env, name)]),
  );
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ConfigError(String(issue?.path[0]), issue?.message ?? "is invalid");
}

/** All of `names` or none: a half-configured provider is a mistake worth stopping for. */
export function allOrNone<const N extends string>(
  values: { readonly [K in N]?: string | undefined },
  what: string,
  names: readonly N[],
): Record<N, string> | null {
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length === names.length) return null;
  const [first] = missing;
  if (first !== undefined) {
    throw new ConfigError(
      first,
      `${what} is partly configured: also set ${missing.join(", ")}`,
    );
  }
  return values as Record<N, string>;
}

/** The README rows of an area's variables, in their order. */
export function envDocs(schema: z.ZodObject): EnvVarDoc[] {
  return Object.entries(schema.shape).map(([name, variable]) => {
    const doc = ENV_DOCS.get(variable);
    if (doc === undefined)
      throw new Error(`${name} is not declared with envVar()`);
    return { name, ...doc };
  });
}
