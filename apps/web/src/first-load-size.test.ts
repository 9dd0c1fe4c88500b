// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_LANG } from '@fairway/shared/constants';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_FRAME_NAMESPACES, DASHBOARD_HOME_NAMESPACES } from './app/dashboard-texts';

const KB = 1024;

/** Layout modules of the route groups in app/router.tsx and app/dashboard-routes.tsx. */
const FULL_FIRST = 'src/app/layouts/full-first-layout.tsx';
const FULL = 'src/app/layouts/full-layout.tsx';
const VERTICAL = 'src/app/layouts/vertical-layout.tsx';

/**
 * What a page needs before it can paint, per route (docs/web-app.md#bundle-budget): the route's
 * modules as app/router.tsx loads them (layout and page), and its text namespaces beyond `common`
 * and `shell`. `target` is the budget the page is meant to keep (170 KB gzip for the public
 * pages, 350 KB for the dashboard home); `limit` is what this test enforces, the target unless
 * the page does not meet it yet, then its current size with a little room, so it cannot grow
 * while the target is not met (why: docs/decisions/first-load-budget.md).
 */
const ROUTES: { path: string; modules: string[]; namespaces: string[]; target: number; limit: number }[] = [
  {
    path: '/',
    modules: [FULL_FIRST, 'src/features/landing/pages/landing-home-page.tsx'],
    namespaces: ['landing'],
    target: 170,
    limit: 187,
  },
  {
    path: '/functions',
    modules: [FULL_FIRST, 'src/features/landing/pages/functions-page.tsx'],
    namespaces: ['landing'],
    target: 170,
    limit: 178,
  },
  {
    path: '/price',
    modules: [FULL_FIRST, 'src/features/landing/pages/price-page.tsx'],
    namespaces: ['landing'],
    target: 170,
    limit: 183,
  },
  {
    path: '/faq',
    modules: [FULL_FIRST, 'src/features/landing/pages/faq-page.tsx'],
    namespaces: ['landing'],
    target: 170,
    limit: 189,
  },
  {
    path: '/blog',
    modules: [FULL_FIRST, 'src/features/landing/pages/blog-page.tsx'],
    namespaces: ['landing'],
    target: 170,
    limit: 187,
  },
  {
    path: '/blog-details/:id/:slug',
    modules: [FULL_FIRST, 'src/features/landing/pages/blog-post-page.tsx'],
    namespaces: ['landing'],
    target: 170,
    limit: 181,
  },
  {
    path: '/contact-us',
    modules: [FULL, 'src/features/landing/pages/contact-us-page.tsx'],
    namespaces: ['support'],
    target: 170,
    limit: 177,
  },
  { path: '/login', modules: [FULL, 'src/features/auth/pages/login-page.tsx'], namespaces: ['auth'], target: 170, limit: 206 },
  {
    path: '/dashboard',
    // The dashboard's routes join the tree on the way in (app/router.tsx), before its layout and page.
    modules: [VERTICAL, 'src/app/dashboard-routes.tsx', 'src/features/dashboard/pages/dashboard-home-page.tsx'],
    // Its frame's and its own (app/dashboard-routes.tsx); the other dashboard pages wait for every namespace.
    namespaces: [...DASHBOARD_FRAME_NAMESPACES, ...DASHBOARD_HOME_NAMESPACES],
    target: 350,
    limit: 350,
  },
];

const webRoot = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'fairway-bundle-size-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Which chunk each module of src/ is in (`.vite/module-chunks.json`, written by vite.config.ts). */
type ModuleChunks = Record<string, string>;

/**
 * The chunks the given modules need before they run: each one's chunk and every chunk it imports
 * statically, transitively (`imports`, not `dynamicImports`: what a module loads lazily, a form
 * or a dialog, arrives later, when used).
 */
function staticClosure(manifest: Manifest, moduleChunks: ModuleChunks, modules: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const module of modules) visit(manifestKey(manifest, moduleChunks, module));
  return seen;
}

/**
 * A module's key in the manifest: its path, or, for a route module whose chunk the build merged
 * with others or named after another module (a small layout, `experimentalMinChunkSize`; the
 * dashboard layout, which its notification drawer also imports), the key of the chunk it is in.
 */
function manifestKey(manifest: Manifest, moduleChunks: ModuleChunks, module: string): string {
  if (manifest[module]) return module;
  const file = moduleChunks[module];
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!file || !key) throw new Error(`Manifest lacks ${module}`);
  return key;
}

describe('first load of each page', () => {
  let manifest: Manifest;
  let moduleChunks: ModuleChunks;
  let html: string;

  // A fresh production build, so no figure comes from a stale dist/. It takes well under a
  // minute alone; other test files share the 2 cores.
  beforeAll(async () => {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root: webRoot,
        configFile: join(webRoot, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'error',
        build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    moduleChunks = JSON.parse(readFileSync(join(outDir, '.vite/module-chunks.json'), 'utf8')) as ModuleChunks;
    html = readFileSync(join(outDir, 'index.html'), 'utf8');
  }, 240_000);

  it("each page paints from its budget: entry, the route's chunks and its texts, gzip", () => {
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
    expect(entryKey, 'index.html is an entry of the build').toBeDefined();
    const entry = staticClosure(manifest, moduleChunks, [entryKey as string]);
    // Every module script index.html loads is counted (the entry and its modulepreloads).
    const entryFiles = [...entry].map((key) => manifest[key].file);
    for (const [, src] of html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)) {
      expect(entryFiles, `index.html loads ${src}`).toContain(src);
    }
    // The classic scripts index.html loads before the app (boot.js) count too.
    const classic = [...html.matchAll(/<script src="\/([^"]+)"/g)].map(([, src]) => src as string);
    const locale = (namespace: string) => `src/locales/${DEFAULT_LANG}/${namespace}.json`;

    const gzipped = new Map<string, number>();
    const gzip = (file: string) => {
      let size = gzipped.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
        gzipped.set(file, size);
      }
      return size;
    };
    const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
    const lines = ['What each page loads before it paints (gzip level 9; entry + route chunks + texts):'];
    const over: string[] = [];
    for (const route of ROUTES) {
      const namespaces = ['common', 'shell', ...route.namespaces];
      const keys = staticClosure(manifest, moduleChunks, [
        entryKey as string,
        ...route.modules,
        ...new Set(namespaces.map(locale)),
      ]);
      const files = [...[...keys].map((key) => manifest[key].file), ...classic];
      const total = files.reduce((sum, file) => sum + gzip(file), 0);
      const biggest = files
        .filter((file) => !entryFiles.includes(file))
        .sort((a, b) => gzip(b) - gzip(a))
        .slice(0, 3)
        .map((file) => `${file.replace(/^assets\//, '')} ${kb(gzip(file))}`);
      lines.push(
        `  ${route.path.padEnd(24)} ${kb(total).padStart(9)} in ${String(files.length).padStart(3)} files` +
          ` (target ${route.target} KB, limit ${route.limit} KB; largest beyond the entry: ${biggest.join(', ')})`,
      );
      if (total > route.limit * KB) over.push(`${route.path}: ${kb(total)} > ${route.limit} KB`);
    }
    lines.push(`  entry alone: ${kb([...entryFiles, ...classic].reduce((sum, file) => sum + gzip(file), 0))}`);
    console.info(lines.join('\n'));
    expect(over).toEqual([]);
  });

  it('serves its fonts itself: the stylesheet declares Inter from files in the build, nothing from another host', () => {
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(([, href]) => href as string);
    expect(sheets.length, 'index.html links a stylesheet').toBeGreaterThan(0);
    const css = sheets.map((href) => readFileSync(join(outDir, href), 'utf8')).join('\n');
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => body as string);
    expect(faces.some((f) => /font-family:\s*["']?Inter Variable/.test(f))).toBe(true);
    const urls = faces.flatMap((f) => [...f.matchAll(/url\(["']?([^)"']+)["']?\)/g)].map(([, u]) => u as string));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url, 'a font from the build itself').toMatch(/^\/assets\/[^/]+\.woff2$/);
      expect(() => readFileSync(join(outDir, url)), `${url} is in the build`).not.toThrow();
    }
    expect(html + css).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
  });
});
