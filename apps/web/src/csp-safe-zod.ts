import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that when
 * the first object schema is made. The Content-Security-Policy allows no eval, so the probe would be refused and
 * reported as a violation on every page. Its interpreter is fast enough for API answers.
 */
config({ jitless: true });

// vite.config.ts puts this module in zod's chunk, which runs it before any chunk that
// imports zod evaluates; lib/api/request.ts imports it so it is part of the build.
