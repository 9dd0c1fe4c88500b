/**
 * A Fortnox simulator in a process of its own, for `persist.kill.test.ts`: started on the state file
 * given as the first argument, it prints `READY <apiBaseUrl> <access token>` and runs until killed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startFortnoxSimulator } from './index';

const file = process.argv[2];
if (!file) throw new Error('usage: persist.child.ts <state file>');
const sim = await startFortnoxSimulator({ persistFile: file, seed: 'empty', warn: () => undefined });
const token = sim.issueTokens().access_token;
// The token is issued outside a request: let the state file's own timer write it.
await sleep(400);
process.stdout.write(`READY ${sim.apiBaseUrl} ${token}\n`);
