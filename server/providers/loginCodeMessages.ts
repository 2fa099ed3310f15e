// The server-side wording of login-code messages (SMS text and e-mail subject/text/HTML) in the
// three product locales. Plain typed table, not Lingui: this text never reaches the client bundle.

export const LOGIN_CODE_LOCALES = ["cn", "tw", "en"] as const;

export type LoginCodeLocale = (typeof LOGIN_CODE_LOCALES)[number];

interface LoginCodeWording {
  appName: string;
  smsText: (code: string, minutes: number) => string;
  emailSubject: (appName: string) => string;
  emailLead: (code: string, minutes: number) => string;
  emailIgnore: string;
}

const WORDING: Record<LoginCodeLocale, LoginCodeWording> = {
  cn: {
    appName: "福缘",
    smsText: (code, minutes) =>
      `您的登录验证码是 ${code}，${minutes} 分钟内有效。请勿泄露给他人。`,
    emailSubject: (appName) => `${appName}登录验证码`,
    emailLead: (code, minutes) =>
      `您的登录验证码是 ${code}，${minutes} 分钟内有效。`,
    emailIgnore: "如果这不是您本人的操作，请忽略此邮件。",
  },
  tw: {
    appName: "福緣",
    smsText: (code, minutes) =>
      `您的登入驗證碼是 ${code}，${minutes} 分鐘內有效。請勿洩露給他人。`,
    emailSubject: (appName) => `${appName}登入驗證碼`,
    emailLead: (code, minutes) =>
      `您的登入驗證碼是 ${code}，${minutes} 分鐘內有效。`,
    emailIgnore: "如果這不是您本人的操作，請忽略此郵件。",
  },
  en: {
    appName: "Fuyuan",
    smsText: (code, minutes) =>
      `Your sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it.`,
    emailSubject: (appName) => `Your ${appName} sign-in code`,
    emailLead: (code, minutes) =>
      `Your sign-in code is ${code}. It expires in ${minutes} minutes.`,
    emailIgnore: "If you did not ask to sign in, you can ignore this e-mail.",
  },
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
  const wording = WORDING[locale];
  return `【${signName ?? wording.appName}】${wording.smsText(code, minutes)}`;
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
  const wording = WORDING[locale];
  const name = appName ?? wording.appName;
  const lead = wording.emailLead(code, minutes);
  const htmlLang = locale === "cn" ? "zh-CN" : locale === "tw" ? "zh-TW" : "en";
  return {
    subject: wording.emailSubject(name),
    text: `${lead}\n\n${wording.emailIgnore}\n\n${name}\n`,
    html:
      `<!doctype html><html lang="${htmlLang}"><body style="font-family:sans-serif">` +
      `<p>${escapeHtml(lead)}</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>` +
      `<p style="color:#666">${escapeHtml(wording.emailIgnore)}</p>` +
      `<p>${escapeHtml(name)}</p></body></html>`,
  };
}
