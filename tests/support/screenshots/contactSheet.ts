// The contact sheet of `npm run screenshots`: one section per page, a row per size and colour mode,
// the three locales side by side; each picture links to its full-size file. Pure: shots in, HTML out.

export interface Shot {
  page: string;
  locale: string;
  mode: string;
  size: string;
  file: string;
  /** Why the page could not be shot, if it could not. */
  error?: string;
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        c
      ] ?? c,
  );

function cell(shot: Shot): string {
  const label = `${shot.locale} · ${shot.mode} · ${shot.size}`;
  if (shot.error !== undefined)
    return `<figure class="failed"><figcaption>${escape(label)}</figcaption><pre>${escape(shot.error)}</pre></figure>`;
  const src = encodeURI(shot.file);
  return `<figure><a href="${src}"><img src="${src}" alt="${escape(`${shot.page}, ${label}`)}" loading="lazy"></a><figcaption>${escape(label)}</figcaption></figure>`;
}

export function contactSheet(shots: readonly Shot[]): string {
  const pages = [...new Set(shots.map((shot) => shot.page))];
  const sections = pages.map((page) => {
    const own = shots.filter((shot) => shot.page === page);
    const rows = [...new Set(own.map((shot) => `${shot.size}|${shot.mode}`))];
    const body = rows
      .map((row) => {
        const [size, mode] = row.split("|");
        const cells = own
          .filter((shot) => shot.size === size && shot.mode === mode)
          .map(cell)
          .join("");
        return `<div class="row ${escape(size ?? "")}">${cells}</div>`;
      })
      .join("\n");
    return `<section id="${escape(page)}"><h2>${escape(page)}</h2>\n${body}</section>`;
  });
  const failed = shots.filter((shot) => shot.error !== undefined).length;
  const toc = pages
    .map((page) => `<a href="#${escape(page)}">${escape(page)}</a>`)
    .join(" · ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fuyuan screenshots</title>
<style>
body{font:14px system-ui,sans-serif;margin:1rem;background:#f4f1ec;color:#222}
nav{margin-bottom:1rem;line-height:1.8}
section{margin:2rem 0}
.row{display:flex;gap:1rem;align-items:flex-start;margin:.75rem 0;overflow-x:auto}
figure{margin:0;flex:none}
.phone img{width:195px}
.desktop img{width:400px}
img{border:1px solid #ccc;display:block}
figcaption{color:#555;margin-top:.25rem}
.failed pre{color:#a00;white-space:pre-wrap;max-width:400px}
</style></head><body>
<h1>Fuyuan: ${shots.length - failed} screenshots${failed === 0 ? "" : `, ${failed} failed`}</h1>
<nav>${toc}</nav>
${sections.join("\n")}
</body></html>
`;
}
