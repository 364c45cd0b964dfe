// The server as `npm start` runs it, for the contract suites' process runs (support/app.ts):
// the same serve() with WORKERS from the environment, except that the sweeper runs only when
// a test runs it, as in-process, and the time is the test's clock when it shares one.
import { serve } from '../../src/serve.js';
import { fileClock } from './clock.js';

const clockFile = process.env.TEST_CLOCK_FILE;
serve({ clock: clockFile ? fileClock(clockFile) : undefined, sweep: false }).catch(
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
