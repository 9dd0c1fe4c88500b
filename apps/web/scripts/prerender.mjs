// Writes the prerendered public pages (docs/web-app.md#prerendered-pages) into a web build:
//   node apps/web/scripts/prerender.mjs <ssr-bundle.js> <dist>
// For each brand, in a Node process of its own (the brand is read once, when app/brand.ts loads),
// each of PRERENDERED_PAGES becomes <dist>/prerendered/<brand>/<path>.html: the build's index.html
// with the page's markup in #root, marked with the language it was rendered in. The server sends
// it for that address (apps/server/src/plugins/static.ts).
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const BRANDS = ['fairway', 'dubbelkoll'];

/** The file a prerendered address is kept in, under <dist>/prerendered/<brand>/ (the server looks it up the same way). */
export function prerenderedFile(pathname) {
  return pathname === '/' ? 'index.html' : `${pathname.replace(/^\/+|\/+$/g, '')}.html`;
}

function runBrand(bundle, dist, brand) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), bundle, dist], {
      stdio: 'inherit',
      env: { ...process.env, PRERENDER_BRAND: brand, NODE_ENV: 'production' },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`prerendering ${brand} failed (${code})`))));
  });
}

/**
 * A module's key in the manifest: its own, or, when the build merged its chunk with others (a
 * small layout; `experimentalMinChunkSize` in vite.config.ts), the key of the chunk it is in.
 */
function manifestKey(manifest, moduleChunks, module) {
  if (manifest[module]) return module;
  const file = moduleChunks[module];
  const key = file && Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`The build's manifest lacks ${module}`);
  return key;
}

/** The manifest keys `keys` need before they run: each and what it imports statically, transitively. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`The build's manifest lacks ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/**
 * The head links a page needs beyond what index.html has: a modulepreload of each chunk of its
 * route and texts, so they arrive together with the entry instead of one after another.
 */
function pageLinks(manifest, shell, keys) {
  const links = [];
  for (const key of staticClosure(manifest, keys)) {
    const chunk = manifest[key];
    // Vite would add a lazy chunk's own stylesheet only when the chunk runs (the markup unstyled
    // until then), and again after an inlined copy: the build makes one stylesheet (cssCodeSplit).
    if (chunk.css?.length) throw new Error(`${key} has a stylesheet of its own (${chunk.css}); vite.config.ts makes one`);
    if (!shell.includes(`/${chunk.file}"`)) links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
  }
  return links;
}

/**
 * Beasties (the critical-CSS inliner) judging a skin's rules by their element: Mantine writes a
 * rule for one skin as `[data-mantine-color-scheme=dark] …` (or inside `:where()`), an attribute
 * public/boot.js sets on <html> in the browser and the prerendered HTML never has. Read as the
 * page's own `<html data-prerendered>`, such a rule is critical when the rest of its selector is
 * in the page, so the page paints in either skin before the full stylesheet is in. The skins'
 * variables (`:root[data-mantine-color-scheme=dark]`, on <html> itself, which Beasties does not
 * match) are always taken (SKIN_VARIABLES).
 */
class PageCss extends Beasties {
  normalizeCssSelector(selector) {
    return super.normalizeCssSelector(selector.replace(SKIN_ATTRIBUTE, '[data-prerendered]'));
  }
}

const SKIN_ATTRIBUTE = /\[data-mantine-color-scheme=[^\]]*\]/g;
const SKIN_VARIABLES = /^:root\[data-mantine-color-scheme=/;

/**
 * The @font-face rules of the fonts the page preloads (index.html: Inter's Latin face), so its
 * text is set in them from the first paint: Beasties cannot tell they are used, the family being
 * a CSS variable that Mantine sets in the markup.
 */
function preloadedFontFaces(html, sheet) {
  const fonts = [...html.matchAll(/<link\s[^>]*as="font"[^>]*href="([^"]+)"/g)].map(([, href]) => `url(${href})`);
  return [...sheet.matchAll(/@font-face\{[^}]*\}/g)]
    .map(([rule]) => rule)
    .filter((rule) => fonts.some((url) => rule.includes(url)));
}

/**
 * The page with only the CSS rules its markup uses in a `<style>` (about a tenth of the
 * stylesheet), so a phone paints from the HTML alone without parsing the whole app's rules
 * first, and the full stylesheet fetched without blocking the paint: `media="print"` until the
 * app's entry applies it (src/app/prerendered.ts; an inline onload handler is a script the
 * Content-Security-Policy refuses), in a <noscript> for a browser without scripts. They go last
 * in <head>, after the preloads, which the browser then finds in the first bytes of the page.
 */
async function withCriticalCss(beasties, dist, html) {
  let page = html;
  const head = [];
  for (const [line, link] of html.matchAll(/[ \t]*(<link rel="stylesheet"[^>]*>)\n?/g)) {
    // Beasties rewrites the document it is given; only the rules it picks are taken from it, the
    // page's markup stays as React rendered it (hydration compares it).
    const processed = await beasties.process(
      `<!doctype html><html${/<html([^>]*)>/.exec(html)[1]}><head>${link}</head>${/<body>[\s\S]*<\/body>/.exec(html)[0]}</html>`,
    );
    const rules = /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1];
    if (rules === undefined) throw new Error(`Beasties found no critical CSS in ${link}`);
    const sheet = await readFile(path.join(dist, /href="\/([^"]+)"/.exec(link)[1]), 'utf8');
    const css = preloadedFontFaces(html, sheet).join('') + rules;
    if (/<\/style/i.test(css)) throw new Error(`${link} contains </style and cannot be inlined`);
    page = page.replace(line, '');
    head.push(
      `<style>${css}</style>`,
      link.replace('<link ', '<link media="print" data-deferred-stylesheet '),
      `<noscript>${link}</noscript>`,
    );
  }
  return page.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
}

/**
 * The page's scripts asked for at low priority (`fetchpriority`): it paints from its HTML, and
 * they make it interactive, so on a slow connection the HTML, its font and the first paint are
 * not kept waiting behind about 300 KB of modules that the browser would otherwise fetch, and run,
 * first. The preloads still fetch the route's chunks together rather than one after another.
 */
function scriptsAfterPaint(html) {
  return html
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ');
}

async function renderBrand(bundle, dist, brand) {
  const { renderPage, PRERENDERED_PAGES, PRERENDER_LANG } = await import(pathToFileURL(bundle).href);
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const moduleChunks = JSON.parse(await readFile(path.join(dist, '.vite/module-chunks.json'), 'utf8'));
  const names = { fairway: 'Fairway', dubbelkoll: 'Dubbelkoll' };
  const built = /<meta name="brand" content="(\w+)"/.exec(shell)?.[1];
  // Rules for elements in the page and the keyframes they animate with; the stylesheet itself is
  // left whole (pruneSource), the pages after hydration need all of it.
  const beasties = new PageCss({
    allowRules: [SKIN_VARIABLES],
    path: dist,
    publicPath: '/',
    preload: false,
    pruneSource: false,
    reduceInlineStyles: false,
    logLevel: 'warn',
  });
  const outDir = path.join(dist, 'prerendered', brand);
  await mkdir(outDir, { recursive: true });
  for (const { path: pathname, modules } of PRERENDERED_PAGES) {
    const { markup, namespaces } = await renderPage(pathname);
    const locales = namespaces.map((namespace) => `src/locales/${PRERENDER_LANG}/${namespace}.json`);
    const keys = [...modules, ...locales].map((module) => manifestKey(manifest, moduleChunks, module));
    const links = pageLinks(manifest, shell, keys);
    let html = shell
      .replace(/<html lang="[^"]*"/, `<html lang="${PRERENDER_LANG}" data-prerendered="${PRERENDER_LANG}"`)
      .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    if (built && built !== brand) {
      html = html
        .replace(`<meta name="brand" content="${built}"`, `<meta name="brand" content="${brand}"`)
        .replace(`<title>${names[built]}</title>`, `<title>${names[brand]}</title>`)
        .replace(`/favicon-${built}.svg`, `/favicon-${brand}.svg`);
    }
    if (!html.includes(markup)) throw new Error(`${pathname}: index.html lacks <html lang> or an empty #root`);
    html = scriptsAfterPaint(await withCriticalCss(beasties, dist, html));
    await writeFile(path.join(outDir, prerenderedFile(pathname)), html);
  }
  console.log(`prerendered ${PRERENDERED_PAGES.length} pages for ${brand}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [bundle, dist] = process.argv.slice(2).map((arg) => path.resolve(arg));
  const brand = process.env.PRERENDER_BRAND;
  try {
    if (brand) await renderBrand(bundle, dist, brand);
    else {
      for (const name of BRANDS) await runBrand(bundle, dist, name);
      // Vite's manifest (build.manifest, vite.config.ts) is the build's own: not served.
      await rm(path.join(dist, '.vite'), { recursive: true, force: true });
    }
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
