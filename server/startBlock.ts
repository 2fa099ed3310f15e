// The block `npm start` prints once the server listens with readable logs (LOG_FORMAT=pretty, the
// default outside production): where to open the app, where sign-in codes land, who to sign in
// as, and how to stop. Pure: main.ts writes the returned text to stdout.
import type { AppConfig } from "./config/appConfig";
import { DEMO_ACCOUNTS, type DemoAccount } from "./db/seed/demoAccounts";

function role(account: DemoAccount): string {
  if (account.isService) return "service staff";
  if (account.isMonk) return `monk (${account.nickname})`;
  if (account.isManager) return "manager";
  return "regular user";
}

export function startBlock(
  config: Pick<AppConfig, "nodeEnv" | "devTools">,
  url: string,
): string {
  const label = (text: string) => `    ${text.padEnd(15)}`;
  const indent = " ".repeat(19);
  const emailWidth = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const lines = [
    "",
    `  福缘 Fuyuan is running (${config.nodeEnv})`,
    "",
    `${label("Open the app")}${url}/`,
  ];
  if (config.devTools) {
    lines.push(
      `${label("Dev outbox")}${url}/dev/outbox   (sign-in codes and e-mails land here)`,
      `${label("Demo accounts")}sign in with a phone number or e-mail, then the code from the outbox`,
      ...DEMO_ACCOUNTS.map(
        (a) => `${indent}${a.phone}  ${a.email.padEnd(emailWidth)}  ${role(a)}`,
      ),
    );
  }
  lines.push(`${label("Stop")}Ctrl+C`, "", "");
  return lines.join("\n");
}
