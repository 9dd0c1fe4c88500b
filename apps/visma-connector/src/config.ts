import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export interface ConnectorConfig {
  serverUrl: string;
  key: string;
  /** Where the simulated Visma Administration company is kept. */
  companyFile: string;
  machine: string;
}

const KEY = /^fwc_[A-Za-z0-9_-]{43}$/;

/**
 * The settings, from `connector.json` beside the program (or the file named by
 * FAIRWAY_CONNECTOR_CONFIG), each overridable by an environment variable:
 * FAIRWAY_URL, FAIRWAY_CONNECTOR_KEY, VISMA_COMPANY_FILE, CONNECTOR_MACHINE.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ConnectorConfig {
  const file = path.resolve(cwd, env.FAIRWAY_CONNECTOR_CONFIG ?? 'connector.json');
  const fromFile = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<ConnectorConfig>) : {};
  const config = {
    serverUrl: env.FAIRWAY_URL ?? fromFile.serverUrl ?? '',
    key: env.FAIRWAY_CONNECTOR_KEY ?? fromFile.key ?? '',
    companyFile: path.resolve(cwd, env.VISMA_COMPANY_FILE ?? fromFile.companyFile ?? 'visma-company.json'),
    machine: env.CONNECTOR_MACHINE ?? fromFile.machine ?? hostname(),
  };
  const problems: string[] = [];
  try {
    const url = new URL(config.serverUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('serverUrl must be an http(s) address');
  } catch {
    problems.push('serverUrl (FAIRWAY_URL) is missing or not an address, e.g. https://portal.fairway.se');
  }
  if (!KEY.test(config.key))
    problems.push('key (FAIRWAY_CONNECTOR_KEY) must be the connector key from the integrations page (fwc_…)');
  if (!config.machine.trim()) problems.push('machine must not be empty');
  if (problems.length > 0) throw new Error(`Connector settings:\n- ${problems.join('\n- ')}`);
  return config;
}
