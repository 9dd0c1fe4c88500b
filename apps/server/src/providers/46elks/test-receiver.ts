import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: a local HTTP server standing in for the portal's delivery-report route, recording
 * every POST 46elks (the simulator) makes to it and answering with the statuses it is given.
 */
export interface ReceivedReport {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedReport[];
  /** The statuses of the next answers, in order; 204 once they are used up. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startTestReceiver(): Promise<TestReceiver> {
  const received: ReceivedReport[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      received.push({
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (...statuses) => answers.push(...statuses),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
