// The server as `npm start` runs it, for the contract suites' process runs (support/app.ts):
// its built output's serve() with WORKERS from the environment, except that the sweeper
// runs only when a test runs it, as in-process, and the time is the test's clock when it
// shares one (support/clock.ts writes it to TEST_CLOCK_FILE). Plain JavaScript, so that no
// process of a suite compiles the sources.
import { readFileSync } from 'node:fs';
import { serve } from '../../dist/serve.js';

const clockFile = process.env.TEST_CLOCK_FILE;
const clock = clockFile
  ? { now: () => new Date(Number(readFileSync(clockFile, 'utf8'))) }
  : undefined;
serve({ clock, sweep: false }).catch((error) => {
  console.error(error);
  process.exit(1);
});
