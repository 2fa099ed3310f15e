export declare class ConfigError extends Error {
    name: string;
    readonly variable: string;
    constructor(variable: string, message: string);
}
export type Env = Readonly<Record<string, string | undefined>>;
/** Reads one variable: trimmed, with "" treated as unset. */
export type EnvValue = (name: string) => string | undefined;
export declare function envReader(env: Env): EnvValue;
export declare const TRUE_WORDS: string[];
export declare const FALSE_WORDS: string[];
export declare function parseFlag(name: string, raw: string): boolean;
export declare function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[]): T;
/** An absolute http(s) URL (no query or fragment), returned without a trailing slash. */
export declare function parseHttpUrl(name: string, raw: string, example?: string): string;
/** One documented variable (the README table is generated from these). */
export interface EnvVarDoc {
    name: string;
    default: string;
    description: string;
}
