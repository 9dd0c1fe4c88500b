import type { VismaAdministration } from '../visma';
import { type ExecuteOptions, executeWork } from './operations';
import type { CompanyStore } from './store';

/** Visma Administration as the connector we ship has it: the simulated company of `store` (the demo). */
export function simulatedCompany(store: CompanyStore, options: ExecuteOptions = {}): VismaAdministration {
  return {
    backend: 'simulator',
    company: () => ({ name: store.data.foretag.namn, database: store.data.foretag.databas }),
    execute: (item) => executeWork(store, item.operation, item.payload, options),
  };
}
