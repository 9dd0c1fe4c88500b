import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

/** Content types worth compressing: text, scripts, styles, JSON and SVG; fonts and images are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(contentType: string | undefined): boolean {
  return COMPRESSIBLE.test(contentType ?? '');
}

/**
 * A reverse proxy in front of `target` that gzips every compressible answer the target sent
 * uncompressed, when the client accepts gzip, as a compressing proxy (nginx `gzip on`) in front
 * of the product would. Answers the target compressed itself pass through unchanged, so the
 * Lighthouse benchmark (bench/lighthouse.ts) gives the same figures behind it once the server
 * compresses on its own.
 */
export async function startGzipProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const headers = { ...answer.headers };
        const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const gzip =
          accepts &&
          !headers['content-encoding'] &&
          isCompressible(headers['content-type']) &&
          req.method !== 'HEAD' &&
          answer.statusCode !== 204 &&
          answer.statusCode !== 304;
        if (!gzip) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(createGzip({ level: 6 })).pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
