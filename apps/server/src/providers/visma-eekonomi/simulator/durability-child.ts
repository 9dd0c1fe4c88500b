import { startVismaSimulator } from './index';

/**
 * A Visma simulator in a process of its own, for durability.test.ts: started on the state file
 * named in argv[2], it prints its URL and a token, then serves until it is killed.
 */
const sim = await startVismaSimulator({ seed: 'empty', persistFile: process.argv[2] as string });
const { accessToken } = sim.grantConsent();
process.stdout.write(`${JSON.stringify({ url: sim.apiBaseUrl, accessToken, terms: sim.store.termsOfPayment[0]?.Id })}\n`);
