// A real SMTP server (smtp-server) on loopback that behaves like a submission relay: AUTH required
// and checked, recipients it does not serve refused with 550, every accepted message kept raw and
// parsed. Implicit TLS or STARTTLS with a fresh self-signed localhost certificate.
// NOTE: smtp-server's built-in test certificate has expired, so the fake mints its own.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMime } from "./mime";
import { selfSignedCertificate } from "./selfSignedCertificate";
import type { MimePart } from "./mime";

export interface FakeSmtpOptions {
  user: string;
  pass: string;
  /** true: TLS from the first byte; false: plain, STARTTLS offered. */
  secure: boolean;
  /** Recipients answered with "550 5.1.1 mailbox unavailable". */
  rejectRecipients?: readonly string[];
  /** Recipients answered with "451 4.3.0 try again later". */
  deferRecipients?: readonly string[];
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** Whether the session was encrypted (implicit TLS or STARTTLS) when the message was sent. */
  secure: boolean;
  raw: string;
  parsed: MimePart;
}

export interface FakeSmtp {
  host: string;
  port: number;
  /** PEM of the certificate the server presents (CN localhost), to trust it explicitly. */
  certificate: string;
  received: ReceivedMail[];
  authAttempts: { user: string | undefined; ok: boolean }[];
  /** Socket/TLS errors of client connections (e.g. a client that rejected the certificate). */
  connectionErrors: string[];
  close(): Promise<void>;
}

export async function startFakeSmtp(
  options: FakeSmtpOptions,
): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const authAttempts: FakeSmtp["authAttempts"] = [];
  const connectionErrors: string[] = [];
  const refuse = (message: string, responseCode: number): Error =>
    Object.assign(new Error(message), { responseCode });

  const tls = selfSignedCertificate();
  const server = new SMTPServer({
    secure: options.secure,
    key: tls.keyPem,
    cert: tls.certPem,
    logger: false,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      const ok =
        auth.username === options.user && auth.password === options.pass;
      authAttempts.push({ user: auth.username, ok });
      if (ok) callback(null, { user: auth.username });
      else callback(refuse("Invalid username or password", 535));
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.includes(address.address))
        callback(refuse("5.1.1 mailbox unavailable", 550));
      else if (options.deferRecipients?.includes(address.address))
        callback(refuse("4.3.0 try again later", 451));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom;
        received.push({
          from: from === false ? undefined : from.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          raw,
          parsed: parseMime(raw),
        });
        callback();
      });
    },
  });
  // NOTE: a client that refuses our certificate drops the socket mid-handshake; smtp-server reports
  // that as an "error" event, which is expected here and must not crash the test process.
  server.on("error", (error: Error) => connectionErrors.push(error.message));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: "127.0.0.1",
    port,
    certificate: tls.certPem,
    received,
    authAttempts,
    connectionErrors,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
