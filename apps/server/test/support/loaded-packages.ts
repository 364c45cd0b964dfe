// Run as its own process (tsx) by start-up.test.ts: builds the app with the configuration in
// its environment, waits until it is ready, and prints the npm packages the process has
// loaded by then, as a JSON array. A fresh process, so nothing else has loaded them first.
import { createRequire } from 'node:module';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { resolveSecrets } from '../../src/config/secrets.js';

const config = loadConfig(process.env);
const app = await buildApp({ config, secrets: resolveSecrets(config), autoSweep: false });
await app.ready();
const packages = new Set<string>();
for (const file of Object.keys(createRequire(import.meta.url).cache)) {
  const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
  if (name !== undefined) packages.add(name);
}
await app.close();
console.log(JSON.stringify([...packages].sort()));
