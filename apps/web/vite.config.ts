import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, transformWithEsbuild } from 'vite';

// The brand is chosen at build time; the server's BRAND is honoured so one variable serves both.
// Vite copies VITE_* variables from process.env into import.meta.env after loading this file.
const brand = process.env.VITE_BRAND ?? process.env.BRAND ?? 'fairway';
if (brand !== 'fairway' && brand !== 'dubbelkoll') throw new Error(`Unknown brand "${brand}" (fairway|dubbelkoll)`);
process.env.VITE_BRAND = brand;
// index.html's <title> is read before any script runs.
process.env.VITE_BRAND_NAME = brand === 'dubbelkoll' ? 'Dubbelkoll' : 'Fairway';

// Long-lived caching on the server relies on every emitted asset carrying a content hash.
// Vendor code changes far less often than ours, so it gets chunks of its own. Mantine is left to
// Rollup: one Mantine chunk would make every page preload every component the dashboard uses
// (about 60 KB gzip more on the landing page). Icons likewise: the entry's error screen uses two,
// and one icon chunk would put all of them (about 8 KB gzip) on the landing page.
const vendorChunks: Record<string, string[]> = {
  react: ['react', 'react-dom', 'scheduler', 'react-router'],
  query: ['@tanstack/react-query'],
  i18n: ['i18next', 'react-i18next'],
  forms: ['react-hook-form'],
  // zod and the resolver on their own: a form can paint before its schema is needed (lib/lazy-zod-resolver.ts).
  zod: ['@hookform/resolvers', 'zod'],
};

function vendorChunkFor(id: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
  if (!match) return undefined;
  const pkg = match[1];
  for (const [chunk, packages] of Object.entries(vendorChunks)) {
    if (packages.some((p) => pkg === p || pkg.startsWith(`${p}/`))) return `vendor-${chunk}`;
  }
  return undefined;
}

/**
 * Which chunk each of our modules is in, beside Vite's manifest (`.vite/module-chunks.json`, path
 * from apps/web to file name): with `experimentalMinChunkSize` a small route module (a layout)
 * shares a chunk and has no manifest key of its own. apps/web/scripts/prerender.mjs and
 * src/first-load-size.test.ts find a route's chunk through it.
 */
function moduleChunks(): Plugin {
  let root = '';
  let enabled = false;
  return {
    name: 'fairway-module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      enabled = Boolean(config.build.manifest) && !config.build.ssr;
    },
    generateBundle(_options, bundle) {
      if (!enabled) return;
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const module = relative(root, id).replaceAll('\\', '/');
          if (module.startsWith('src/')) chunks[module] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/**
 * public/boot.js, which every page runs before the app, minified in the build: Vite copies the
 * public folder as written, comments and all, and the first load counts it (src/first-load-size.test.ts).
 */
function minifiedBootScript(): Plugin {
  let file = '';
  let enabled = false;
  return {
    name: 'fairway-minified-boot-script',
    apply: 'build',
    configResolved(config) {
      file = resolve(config.root, config.build.outDir, 'boot.js');
      enabled = !config.build.ssr && config.publicDir !== '';
    },
    async closeBundle() {
      if (!enabled) return;
      const { code } = await transformWithEsbuild(await readFile(file, 'utf8'), file, { loader: 'js', minify: true });
      await writeFile(file, code);
    },
  };
}

// Where `vite` and `vite preview` forward /api; the server's default port unless told otherwise.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), moduleChunks(), minifiedBootScript()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: !isSsrBuild,
    chunkSizeWarningLimit: 700,
    // One stylesheet for the whole app, linked by index.html (the lazy chunks' CSS modules are
    // small, about 3 KB gzip together): apps/web/scripts/prerender.mjs inlines it into each
    // prerendered page, and no lazy chunk then adds a <link> of its own after hydration.
    cssCodeSplit: false,
    // The prerendering build (src/prerender.tsx, run once by apps/web/scripts/prerender.mjs) needs
    // neither public/ nor hashed names.
    copyPublicDir: !isSsrBuild,
    // Which chunks and stylesheets each prerendered page links (apps/web/scripts/prerender.mjs, which removes it).
    manifest: !isSsrBuild,
    rollupOptions: {
      output: {
        entryFileNames: isSsrBuild ? '[name].js' : 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        manualChunks: vendorChunkFor,
        // Rollup splits Mantine and the icons per sharing pattern, which left dozens of chunks of a
        // few hundred bytes on the dashboard, a round trip each over HTTP/1.1: those under 500 bytes
        // (before minifying) are merged into a chunk loaded in similar places, when that runs no
        // other code's side effects. Larger settings load more on the public pages (1,000 put
        // dayjs on the landing page, 8,000 about 30 KB gzip on each; src/first-load-size.test.ts).
        experimentalMinChunkSize: 500,
      },
    },
  },
}));
