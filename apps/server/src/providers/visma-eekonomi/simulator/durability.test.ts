import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * A write the simulator confirmed is on disk: the simulator runs as a child process, is killed
 * with SIGKILL right after answering (no close, no timer), and the restarted one still has it.
 */

const child = path.join(path.dirname(new URL(import.meta.url).pathname), 'durability-child.ts');
const running: ChildProcess[] = [];
let dir = '';

afterEach(() => {
  for (const p of running.splice(0)) p.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(file: string): Promise<{ process: ChildProcess; url: string; accessToken: string; terms: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    running.push(p);
    let out = '';
    p.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n') && line)
        resolve({ process: p, ...(JSON.parse(line) as { url: string; accessToken: string; terms: string }) });
    });
    p.on('exit', (code) => reject(new Error(`the simulator exited with ${code} before it started`)));
  });
}

describe('the Visma eEkonomi simulator keeps what it confirmed', () => {
  it('still has a created customer after kill -9 and a restart', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'visma-durable-'));
    const file = path.join(dir, 'visma_eekonomi.json');
    const first = await start(file);
    const created = await fetch(`${first.url}/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        Name: 'Hållbar Golf AB',
        TermsOfPaymentId: first.terms,
        InvoicePostalCode: '611 99',
        InvoiceCity: 'Nyköping',
        IsPrivatePerson: false,
        IsActive: true,
      }),
    });
    expect(created.status).toBe(200);
    const { Id } = (await created.json()) as { Id: string };
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));

    const second = await start(file);
    const read = await fetch(`${second.url}/customers/${Id}`, { headers: { authorization: `Bearer ${first.accessToken}` } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ Id, Name: 'Hållbar Golf AB' });
  }, 60_000);
});
