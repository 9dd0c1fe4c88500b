import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * A write the simulator confirmed survives `kill -9` the moment after: the state is on disk before
 * the answer leaves (`index.ts`, `saveNow`), so a restarted simulator still has the customer and
 * never gives its number to another.
 */

const CHILD = path.join(import.meta.dirname, 'persist.child.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');

let dir: string;
let file: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fortnox-kill-'));
  file = path.join(dir, 'fortnox.json');
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startChild(): Promise<{ child: ChildProcess; api: string; token: string }> {
  const child = spawn(process.execPath, ['--import', TSX, CHILD, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\S+) (\S+)/.exec(out);
      if (ready) resolve(ready[0]);
    });
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  const [, api, token] = line.split(' ');
  return { child, api, token };
}

async function killed(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const call = async (api: string, token: string, method: string, route: string, body?: unknown) => {
  const response = await fetch(`${api}/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, Record<string, string>> };
};

describe('the Fortnox simulator killed after confirming a write', () => {
  it('still has the customer after a restart and never gives its number to another', async () => {
    const first = await startChild();
    const created = await call(first.api, first.token, 'POST', 'customers', { Customer: { Name: 'Kvarstående Kund' } });
    expect(created.status).toBe(201);
    const number = created.body.Customer.CustomerNumber;
    await killed(first.child);

    const second = await startChild();
    const read = await call(second.api, second.token, 'GET', `customers/${number}`);
    expect(read.status).toBe(200);
    expect(read.body.Customer.Name).toBe('Kvarstående Kund');
    const next = await call(second.api, second.token, 'POST', 'customers', { Customer: { Name: 'Nästa Kund' } });
    expect(next.status).toBe(201);
    expect(next.body.Customer.CustomerNumber).not.toBe(number);
    await killed(second.child);
  }, 60_000);
});
