// The server-side wording of login-code messages (SMS text and e-mail subject/text/HTML) in the
// three product locales: cn here, tw and en in the Lingui catalog locales/{locale}/server.po.
import {
  LANGUAGE_TAGS,
  type ServerMessage,
  translate,
} from "../i18n/serverI18n";

export const LOGIN_CODE_LOCALES = ["cn", "tw", "en"] as const;

export type LoginCodeLocale = (typeof LOGIN_CODE_LOCALES)[number];

const APP_NAME: ServerMessage = /*i18n*/ {
  id: "loginCode.appName",
  message: "福缘",
};
const SMS_TEXT: ServerMessage = /*i18n*/ {
  id: "loginCode.smsText",
  message: "您的登录验证码是 {code}，{minutes} 分钟内有效。请勿泄露给他人。",
  comment:
    "The SMS body after the 【signature】; {minutes} is how long the code lasts",
};
const EMAIL_SUBJECT: ServerMessage = /*i18n*/ {
  id: "loginCode.emailSubject",
  message: "{appName}登录验证码",
};
const EMAIL_LEAD: ServerMessage = /*i18n*/ {
  id: "loginCode.emailLead",
  message: "您的登录验证码是 {code}，{minutes} 分钟内有效。",
};
const EMAIL_IGNORE: ServerMessage = /*i18n*/ {
  id: "loginCode.emailIgnore",
  message: "如果这不是您本人的操作，请忽略此邮件。",
};

export function isLoginCodeLocale(value: string): value is LoginCodeLocale {
  return (LOGIN_CODE_LOCALES as readonly string[]).includes(value);
}

/** The SMS body as the approved template renders it, prefixed with the signature in 【】. */
export function loginCodeSmsText(
  locale: LoginCodeLocale,
  code: string,
  minutes: number,
  signName?: string,
): string {
  const name = signName ?? translate(locale, APP_NAME);
  return `【${name}】${translate(locale, SMS_TEXT, { code, minutes })}`;
}

export interface LoginCodeEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

export function loginCodeEmail(
  locale: LoginCodeLocale,
  code: string,
  minutes: number,
  appName?: string,
): LoginCodeEmail {
  const name = appName ?? translate(locale, APP_NAME);
  const lead = translate(locale, EMAIL_LEAD, { code, minutes });
  const ignore = translate(locale, EMAIL_IGNORE);
  return {
    subject: translate(locale, EMAIL_SUBJECT, { appName: name }),
    text: `${lead}\n\n${ignore}\n\n${name}\n`,
    html:
      `<!doctype html><html lang="${LANGUAGE_TAGS[locale]}"><body style="font-family:sans-serif">` +
      `<p>${escapeHtml(lead)}</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>` +
      `<p style="color:#666">${escapeHtml(ignore)}</p>` +
      `<p>${escapeHtml(name)}</p></body></html>`,
  };
}
