// The production start (`npm start`, `npm run start -w @fairway/server`): the server from its
// compiled build (apps/server/dist), built first only when its inputs changed since the last
// build (build.mjs), so a restart does no work it has done before.
//   --web      also the web app's build (`npm start` at the root serves it)
//   --worker   the job workers without HTTP (src/worker.ts) instead of the server
// See docs/operations.md#start.
import { ensureBuilt } from './build.mjs';

const args = process.argv.slice(2);
// `kill -USR2 <pid>` asks for the memory breakdown (src/main.ts); its default would end the
// process, so until main.ts answers it (the job worker never does), this does.
const early = () => console.log('memory breakdown: not available yet');
process.on('SIGUSR2', early);
try {
  if (args.includes('--web')) await ensureBuilt('web');
  await ensureBuilt('server');
} catch (error) {
  console.error('Fairway could not be built:', error instanceof Error ? error.message : error);
  process.exit(1);
}
process.env.NODE_ENV ||= 'production';
await import(args.includes('--worker') ? '../dist/worker.js' : '../dist/main.js');
if (!args.includes('--worker')) process.off('SIGUSR2', early);
