import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that on
 * first use. The Content-Security-Policy allows no eval, so the probe would be refused and
 * reported as a violation on every page. Its interpreter is fast enough for API answers.
 */
config({ jitless: true });
