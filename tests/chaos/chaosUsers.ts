// The people of a chaos run: accounts signed in by SMS code on the real server, their IM identity
// (user/v1/info), and the token refresh a tab performs when the worker says `authRequired`.
import { call, signInWithPhone, type Tokens } from "../support/server/accountsApi";

export interface ChaosUser {
  readonly name: string;
  readonly phone: string;
  readonly imId: string;
  readonly imToken: string;
  tokens: Tokens;
}

interface Server {
  readonly baseUrl: string;
}

let ips = 0;

/** Signs a new account in (its first SMS login creates it) and reads its IM uid and token. */
export async function signInChaosUser(
  server: Server,
  name: string,
  phone: string,
): Promise<ChaosUser> {
  ips += 1;
  const tokens = await signInWithPhone(server, phone, {
    ip: `10.99.${Math.floor(ips / 250) % 250}.${(ips % 250) + 1}`,
  });
  const info = await call(server, "GET", "user/v1/info", {
    token: tokens.app_token,
  });
  if (info.status !== 200)
    throw new Error(`user/v1/info: ${info.status} ${info.body.msg}`);
  return {
    name,
    phone,
    imId: info.body.data.imId as string,
    imToken: info.body.data.imToken as string,
    tokens,
  };
}

/**
 * Rotates the user's token pair (one refresh at a time: the refresh token is single-use) and
 * returns the new access token.
 */
export function tokenRefresher(
  server: Server,
  user: ChaosUser,
): () => Promise<string> {
  let running: Promise<string> | null = null;
  return () => {
    running ??= (async () => {
      try {
        const answer = await call<Tokens>(
          server,
          "POST",
          "oapi/v1/refreshToken",
          {
            body: { refresh_token: user.tokens.refresh_token },
          },
        );
        if (answer.status !== 200)
          throw new Error(`refreshToken: ${answer.status} ${answer.body.msg}`);
        user.tokens = answer.body.data;
        return user.tokens.app_token;
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
