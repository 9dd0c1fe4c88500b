import { ProtocolClient } from './client';
import { simulatedCompany } from './company/simulated';
import { CompanyStore } from './company/store';
import { loadConfig } from './config';
import { CONNECTOR_VERSION, Connector } from './connector';

/** `npm start -w @fairway/visma-connector`: runs until Ctrl+C (or the service manager stops it). */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const store = CompanyStore.open(config.companyFile);
const connector = new Connector({
  client: new ProtocolClient({ serverUrl: config.serverUrl, key: config.key }),
  visma: simulatedCompany(store),
  machine: config.machine,
});
console.log(
  `Fairway connector ${CONNECTOR_VERSION}: simulated company ${store.data.foretag.namn} (${config.companyFile}) → ${config.serverUrl}`,
);
connector.start();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log('Stopping…');
    void connector.stop().then(() => process.exit(0));
  });
}
