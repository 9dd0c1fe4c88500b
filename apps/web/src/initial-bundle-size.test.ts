// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The landing page's initial JavaScript stays within 170 KB gzip (170 × 1024 bytes). */
const LIMIT_BYTES = 170 * 1024;

const webRoot = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'fairway-bundle-size-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * The chunks a browser fetches before the first page can render: the entry script of index.html
 * and every chunk it imports statically, transitively (`imports`, not `dynamicImports`: routes,
 * locale files and lazily mounted providers arrive later, on demand).
 */
function initialChunks(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest lacks ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen].map((key) => manifest[key].file);
}

describe('landing page bundle', () => {
  let manifest: Manifest;
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
    html = readFileSync(join(outDir, 'index.html'), 'utf8');
  }, 240_000);

  it('initial JavaScript of index.html is at most 170 KiB (170 × 1024 bytes) gzip', () => {
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
    expect(entryKey, 'index.html is an entry of the build').toBeDefined();

    const files = initialChunks(manifest, entryKey as string);
    // Every module script index.html loads is counted (the entry and its modulepreloads).
    for (const [, src] of html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)) {
      expect(files, `index.html loads ${src}`).toContain(src);
    }
    // The classic scripts index.html loads before the app (boot.js) count too.
    const classic = [...html.matchAll(/<script src="\/([^"]+)"/g)].map(([, src]) => src);

    const sizes = [...files, ...classic].map((file) => ({
      file,
      gzip: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
    }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.info(
      [
        'Initial JavaScript of the landing page (gzip level 9):',
        ...sizes.map(({ file, gzip }) => `  ${kb(gzip).padStart(9)}  ${file}`),
        `  ${kb(total).padStart(9)}  total (limit ${kb(LIMIT_BYTES)})`,
      ].join('\n'),
    );

    expect(total).toBeLessThanOrEqual(LIMIT_BYTES);
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
