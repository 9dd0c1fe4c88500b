// Writes the prerendered public pages (docs/web-app.md#prerendered-pages) into a web build:
//   node apps/web/scripts/prerender.mjs <ssr-bundle.js> <dist>
// and renders blog posts for the server (renderBlogPosts below):
//   node apps/web/scripts/prerender.mjs --blog-posts <dist>
// For each brand, in a Node process of its own (the brand is read once, when app/brand.ts loads),
// each of PRERENDERED_PAGES becomes <dist>/prerendered/<brand>/<path>.html: the build's index.html
// with the page's markup in #root, marked with the language it was rendered in. The server sends
// it for that address (apps/server/src/plugins/static.ts).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const BRANDS = ['fairway', 'dubbelkoll'];

/**
 * Under <dist>/prerendered/ (which the server never sends by name): the SSR bundle
 * (apps/server/scripts/build.mjs builds it there) and Vite's manifests, kept for the pages the
 * server renders later (blog posts).
 */
export const SSR_BUNDLE = 'prerendered/ssr/prerender.js';
const MANIFEST = ['prerendered', 'manifest.json'];
const MODULE_CHUNKS = ['prerendered', 'module-chunks.json'];

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
 * The page's scripts asked for once it has painted: it paints from its HTML, and they make it
 * interactive. The entry script and the route's module preloads become links the browser does
 * not fetch, which public/boot.js turns back into them after the first paint, so on a slow
 * connection the HTML, its font and the first paint are not kept waiting behind about 300 KB of
 * modules (and Lighthouse's simulated phone does not count them in the largest paint). The
 * preloads still fetch the route's chunks together rather than one after another.
 */
function scriptsAfterPaint(html) {
  const page = html
    .replaceAll('<link rel="modulepreload" ', '<link rel="after-paint-modulepreload" ')
    .replace(/<script type="module" ([^>]*)src="([^"]+)"><\/script>/, '<link rel="after-paint-module" $1href="$2">');
  if (!page.includes('rel="after-paint-module"') || /<script type="module"/.test(page))
    throw new Error('index.html has no single <script type="module" … src="…"></script> to load after the paint');
  if (!page.includes('<script src="/boot.js"></script>')) throw new Error('index.html lacks /boot.js, which loads the scripts');
  return page;
}

const BRAND_NAMES = { fairway: 'Fairway', dubbelkoll: 'Dubbelkoll' };

/** Text for an HTML attribute or element. */
const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * What rendering pages of one build for one brand needs: the SSR bundle's exports, the build's
 * index.html, Vite's manifest (kept under prerendered/, not served) and Beasties.
 */
async function pageRenderer(bundle, dist, brand) {
  const ssr = await import(pathToFileURL(bundle).href);
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  const [manifest, moduleChunks] = await Promise.all(
    [MANIFEST, MODULE_CHUNKS].map(async (name) => JSON.parse(await readFile(path.join(dist, ...name), 'utf8'))),
  );
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
  const lang = ssr.PRERENDER_LANG;
  return {
    ssr,
    /** Identifies the build a page was rendered from (its index.html names every entry chunk's hash). */
    build: createHash('sha256').update(shell).digest('hex'),
    /**
     * The whole page for `pathname`: index.html with the markup in #root, `<html data-prerendered>`,
     * the route's preloads, its critical CSS, and, when it was given data, that data and its title.
     */
    async render(pathname, modules, data, meta) {
      const { markup, namespaces, queries } = await ssr.renderPage(pathname, data);
      const locales = namespaces.map((namespace) => `src/locales/${lang}/${namespace}.json`);
      const keys = [...modules, ...locales].map((module) => manifestKey(manifest, moduleChunks, module));
      const links = pageLinks(manifest, shell, keys);
      let html = shell
        .replace(/<html lang="[^"]*"/, `<html lang="${lang}" data-prerendered="${lang}"`)
        .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      if (built && built !== brand) {
        html = html
          .replace(`<meta name="brand" content="${built}"`, `<meta name="brand" content="${brand}"`)
          .replace(`<title>${BRAND_NAMES[built]}</title>`, `<title>${BRAND_NAMES[brand]}</title>`)
          .replace(`/favicon-${built}.svg`, `/favicon-${brand}.svg`);
      }
      if (!html.includes(markup)) throw new Error(`${pathname}: index.html lacks <html lang> or an empty #root`);
      if (meta) {
        // What a search engine or a shared link shows before any script runs; the page sets the
        // same once it runs (lib/use-page-meta.ts).
        const tags = [
          `<meta name="description" content="${escapeHtml(meta.description)}" />`,
          `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
          `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
          `<meta property="og:type" content="${meta.type}" />`,
        ];
        html = html.replace(
          /<title>[^<]*<\/title>/,
          () => `<title>${escapeHtml(meta.title)}</title>\n    ${tags.join('\n    ')}`,
        );
      }
      html = scriptsAfterPaint(await withCriticalCss(beasties, dist, html));
      if (queries.length) {
        // JSON in a data block (never run, so the Content-Security-Policy allows it), `<` escaped
        // so no text of the post can close the element; src/app/prerendered.ts reads it.
        const json = JSON.stringify(queries).replaceAll('<', '\\u003c');
        html = html.replace(
          '<div id="root">',
          () => `<script type="application/json" id="${ssr.PRERENDERED_QUERIES_ID}">${json}</script>\n    <div id="root">`,
        );
      }
      return html;
    },
  };
}

async function renderBrand(bundle, dist, brand) {
  const renderer = await pageRenderer(bundle, dist, brand);
  const { PRERENDERED_PAGES } = renderer.ssr;
  const outDir = path.join(dist, 'prerendered', brand);
  await mkdir(outDir, { recursive: true });
  for (const { path: pathname, modules } of PRERENDERED_PAGES) {
    const html = await renderer.render(pathname, modules);
    await writeFile(path.join(outDir, prerenderedFile(pathname)), html);
  }
  console.log(`prerendered ${PRERENDERED_PAGES.length} pages for ${brand}`);
}

/**
 * Blog posts rendered for the server (apps/server/src/modules/help/blog-pages.ts), which starts
 * this script in a process of its own with PRERENDER_BRAND and an IPC channel, sends
 * `{ posts }` (each post as GET blog/{id} answers it in the language the pages are rendered in)
 * and gets back one message per post: `{ id, build, html }`, or `{ id, error }` when that post
 * could not be rendered. The process then ends, and the SSR bundle's memory with it.
 */
async function renderBlogPosts(dist, brand, posts, send) {
  const renderer = await pageRenderer(path.join(dist, SSR_BUNDLE), dist, brand);
  const { BLOG_POST_MODULES } = renderer.ssr;
  for (const post of posts) {
    try {
      const html = await renderer.render(
        `/blog-details/${post.id}/${post.slug}`,
        BLOG_POST_MODULES,
        { blogPost: post },
        {
          title: `${post.title} · ${BRAND_NAMES[brand]}`,
          description: post.description,
          type: 'article',
        },
      );
      await send({ id: post.id, build: renderer.build, html });
    } catch (error) {
      await send({ id: post.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
}

/** Moves Vite's manifests (build.manifest, vite.config.ts) where the server does not send them. */
async function keepManifests(dist) {
  await mkdir(path.join(dist, 'prerendered'), { recursive: true });
  for (const name of [MANIFEST, MODULE_CHUNKS]) await rename(path.join(dist, '.vite', name[1]), path.join(dist, ...name));
  await rm(path.join(dist, '.vite'), { recursive: true, force: true });
}

async function main(args) {
  const brand = process.env.PRERENDER_BRAND;
  if (args[0] === '--blog-posts') {
    if (!brand || !process.send) throw new Error('--blog-posts is run by the server, with PRERENDER_BRAND and an IPC channel');
    const send = (message) =>
      new Promise((resolve, reject) => process.send(message, (error) => (error ? reject(error) : resolve())));
    const { posts } = await new Promise((resolve) => process.once('message', resolve));
    await renderBlogPosts(path.resolve(args[1]), brand, posts, send);
    // The app's timers (its query cache's) would keep the process, and the bundle, alive.
    process.disconnect();
    process.exit(0);
  }
  const [bundle, dist] = args.map((arg) => path.resolve(arg));
  if (brand) await renderBrand(bundle, dist, brand);
  else {
    await keepManifests(dist);
    for (const name of BRANDS) await runBrand(bundle, dist, name);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
