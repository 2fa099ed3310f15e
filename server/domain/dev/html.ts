// Tiny HTML helpers for the development pages: escaping, the page frame (external stylesheet, no
// scripts) and the Content-Security-Policy they are served with.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** No scripts and no inline styles: a strict CSP holds, forms post only to us and the app. */
export function devPageCsp(publicOrigin: string): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${publicOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function page(options: {
  title: string;
  /** Relative URL of dev.css from this page. */
  css: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${escapeHtml(options.css)}">
</head>
<body>
<header class="bar"><span class="badge">DEV</span> Fuyuan development tools</header>
<main>
${options.body}
</main>
</body>
</html>
`;
}

export const DEV_CSS = `:root{color-scheme:light dark;--fg:#2b2118;--muted:#7a6a5c;--line:#e6ddd3;--bg:#fbf8f4;--card:#fff;--accent:#75502f;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#eee6dd;--muted:#a89886;--line:#3b3129;--bg:#1d1814;--card:#27201a;--accent:#c79d74;--on-accent:#1d1814}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:var(--fg);background:var(--bg)}
.bar{padding:10px 20px;border-bottom:1px solid var(--line);background:var(--card);font-weight:600}
.badge{display:inline-block;padding:0 6px;margin-right:6px;border-radius:4px;background:var(--accent);color:var(--on-accent);font-size:12px}
main{max-width:880px;margin:0 auto;padding:20px}
h1{font-size:22px;margin:0 0 4px}
.lead{color:var(--muted);margin:0 0 20px}
.entry,.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px 16px;margin:0 0 12px}
.entry header{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline;color:var(--muted);font-size:13px}
.entry .to{color:var(--fg);font-weight:600;font-size:15px}
.code{font:700 28px/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:4px;margin:6px 0}
.text{white-space:pre-wrap;color:var(--muted);font-size:13px;margin:0}
.empty{color:var(--muted);padding:30px 0;text-align:center}
.tag{display:inline-block;padding:0 8px;border-radius:10px;border:1px solid var(--line);font-size:12px}
.identities{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:12px;padding:0;margin:0;list-style:none}
.card form{display:flex;gap:12px;align-items:center;margin:0}
.card img{width:48px;height:48px;border-radius:8px}
.card .who{flex:1;min-width:0}
.card .who small{display:block;color:var(--muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
button{font:inherit;padding:6px 14px;border-radius:8px;border:0;background:#067d45;color:#fff;cursor:pointer}
button:hover{filter:brightness(1.05)}
a{color:var(--accent)}
.error{border-color:#ff5252}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:13px;color:var(--muted)}
dd{margin:0;word-break:break-all}
`;
