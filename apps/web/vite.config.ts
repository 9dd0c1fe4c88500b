import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

// Where `vite` and `vite preview` forward /api; the server's default port unless told otherwise.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
      },
    },
  },
}));
