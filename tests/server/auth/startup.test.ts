// server/main.ts as a real process in production: a missing AUTH_SECRET or an enabled login method
// without its provider stops the start with a message naming the variables to set.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(TSX, ["server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      resolve({ code, output });
    });
  });
}

describe("production start-up", () => {
  it("exits 1 when an enabled login method has no provider, naming the variables", async () => {
    const { code, output } = await runMain({
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
      LOGIN_METHODS: "phone,email",
      SMTP_HOST: "smtp.example.com",
      MAIL_FROM: "no-reply@example.com",
    });
    expect(code).toBe(1);
    expect(output).toContain(
      "Configuration error: LOGIN_METHODS: phone login needs SMS: set TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID (or remove phone from LOGIN_METHODS)",
    );
  });

  it("exits 1 without AUTH_SECRET", async () => {
    const { code, output } = await runMain({
      NODE_ENV: "production",
      LOGIN_METHODS: "none",
    });
    expect(code).toBe(1);
    expect(output).toContain(
      "Configuration error: AUTH_SECRET: must be set in production",
    );
  });
});
