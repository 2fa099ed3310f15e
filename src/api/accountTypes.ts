// Types of the accounts API (brief: auth-api.md): token pairs, user info, code sending. They are
// the server's own schemas (#contract), as types only; the calls live in accounts.ts.
import type {
  CodeSent as CodeSentSchema,
  TokenPair as TokenPairSchema,
  UserInfo as UserInfoSchema,
} from "#contract";
import type { Static } from "typebox";

// NOTE: re-exported, not copied: the server checks the same values (#contract).
export {
  AREA_CODE,
  WECHAT_LOGIN_TYPES,
  type WechatLoginType,
} from "#contract";

/** What every login and refresh returns. `expires_in` is the access token's life in seconds. */
export type TokenPair = Static<typeof TokenPairSchema>;
export type UserInfo = Static<typeof UserInfoSchema>;
/** Answer to a code request: seconds before another code may be requested. */
export type CodeSent = Static<typeof CodeSentSchema>;
