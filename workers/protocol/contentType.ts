// Numeric payload content types (§9; JS `const.ts MessageContentType`).

/** Content types of the payload JSON `type` key (§9). */
export const ContentType = {
  UNKNOWN: 0,
  TEXT: 1,
  IMAGE: 2,
  STREAM: 98,
  CMD: 99,
  /** System messages span 1000–2000 inclusive; text with `{0}` placeholders. */
  SYSTEM_MIN: 1000,
  SYSTEM_MAX: 2000,
  /** 20000–30000 are reserved for app-local custom types. */
  LOCAL_MIN: 20000,
  LOCAL_MAX: 30000,
  SIGNAL: 21000,
} as const;
/** One of the {@link ContentType} numbers. */
export type ContentType = (typeof ContentType)[keyof typeof ContentType];

/** True for system content types 1000–2000 (the SDK's `isSystemMessage`). */
export function isSystemContentType(type: number): boolean {
  return type >= ContentType.SYSTEM_MIN && type <= ContentType.SYSTEM_MAX;
}
