// Writes the prerendered public pages (docs/web-app.md#prerendered-pages) into a web build:
//   node apps/web/scripts/prerender.mjs <ssr-bundle.js> <dist>
// For each brand, in a Node process of its own (the brand is read once, when app/brand.ts loads),
// each of PRERENDERED_PATHS becomes <dist>/prerendered/<brand>/<path>.html: the build's index.html
// with the page's markup in #root, marked with the language it was rendered in. The server sends
// it for that address (apps/server/src/plugins/static.ts).
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

async function renderBrand(bundle, dist, brand) {
  const { renderPage, PRERENDERED_PATHS, PRERENDER_LANG } = await import(pathToFileURL(bundle).href);
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  const names = { fairway: 'Fairway', dubbelkoll: 'Dubbelkoll' };
  const built = /<meta name="brand" content="(\w+)"/.exec(shell)?.[1];
  const outDir = path.join(dist, 'prerendered', brand);
  await mkdir(outDir, { recursive: true });
  for (const pathname of PRERENDERED_PATHS) {
    const markup = await renderPage(pathname);
    let html = shell
      .replace(/<html lang="[^"]*"/, `<html lang="${PRERENDER_LANG}" data-prerendered="${PRERENDER_LANG}"`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    if (built && built !== brand) {
      html = html
        .replace(`<meta name="brand" content="${built}"`, `<meta name="brand" content="${brand}"`)
        .replace(`<title>${names[built]}</title>`, `<title>${names[brand]}</title>`)
        .replace(`/favicon-${built}.svg`, `/favicon-${brand}.svg`);
    }
    if (!html.includes(markup)) throw new Error(`${pathname}: index.html lacks <html lang> or an empty #root`);
    await writeFile(path.join(outDir, prerenderedFile(pathname)), html);
  }
  console.log(`prerendered ${PRERENDERED_PATHS.length} pages for ${brand}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [bundle, dist] = process.argv.slice(2).map((arg) => path.resolve(arg));
  const brand = process.env.PRERENDER_BRAND;
  try {
    if (brand) await renderBrand(bundle, dist, brand);
    else for (const name of BRANDS) await runBrand(bundle, dist, name);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
