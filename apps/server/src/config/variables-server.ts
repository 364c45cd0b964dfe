import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { int, oneOf, optional, parsed, text, url, type Variables } from './env-schema.js';
import { trustedProxiesProblem } from './trusted-proxies.js';

/** The database DATABASE_URL names. */
export type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Fastify's trustProxy: off, a hop count, or a list of addresses and CIDR ranges. */
export type TrustProxy = false | number | string;

const web = ['http:', 'https:'];
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const databaseUrl = z.string().transform((raw, ctx): Database => {
  if (/^postgres(ql)?:\/\//.test(raw)) return { kind: 'postgres', url: raw };
  if (!raw.startsWith('sqlite:')) {
    ctx.addIssue({
      code: 'custom',
      message: 'must start with postgres://, postgresql:// or sqlite:',
    });
    return z.NEVER;
  }
  const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
  if (file !== '') return { kind: 'sqlite', file };
  ctx.addIssue({ code: 'custom', message: 'sqlite: needs a file path (sqlite:./data/x.db)' });
  return z.NEVER;
});

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  if (raw === 'false') return false;
  // `true` would believe any X-Forwarded-For, so every client could pick its own
  // address (and walk past the per-address limits): name the proxies, or count them.
  if (raw === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not be true: that would let any client choose its address; give the proxy addresses/CIDRs (e.g. 10.0.0.0/8) or a hop count (e.g. 1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  // Otherwise a comma-separated list of addresses/CIDRs, as Fastify's trustProxy takes.
  if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) {
    const problem = trustedProxiesProblem(raw);
    if (problem === null) return raw;
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  ctx.addIssue({
    code: 'custom',
    message: `must be false, a hop count or a list of addresses (got "${raw}")`,
  });
  return z.NEVER;
});

/** The process, where it keeps its data, and what it tells the network and the operator. */
export const serverVariables = {
  PORT: { ...int(3000, 0, 65_535), doc: 'HTTP port' },
  HOST: { ...text('0.0.0.0'), doc: 'address to listen on' },
  WORKERS: {
    ...int(availableParallelism(), 1, 256),
    doc: 'worker processes sharing the port; `1` runs everything in one process. Size it to the CPU cores the instance may use (one worker per core); see below',
    defaultDoc: "the machine's available parallelism",
  },
  PUBLIC_URL: {
    ...url(web),
    doc: 'the public origin (e.g. `https://drop.example`), used for links and canonical URLs',
  },
  DATA_DIR: {
    ...text('./data'),
    doc: 'SQLite file, local blobs, generated secrets, mail outbox',
  },
  SECRETS_FILE: {
    ...text(null),
    doc: 'where generated secrets are kept; put it outside `DATA_DIR` so backups of the data do not carry the keys (see docs/operations.md)',
    defaultDoc: '`DATA_DIR/secrets.json`',
  },
  DATABASE_URL: {
    ...optional(databaseUrl),
    doc: '`postgres://user:pass@host:5432/db` for PostgreSQL, or `sqlite:path/to/file.db`',
    defaultDoc: 'SQLite file `DATA_DIR/codedrop.db`',
  },
  REDIS_URL: {
    ...url(['redis:', 'rediss:']),
    doc: "`redis://…`: share rate-limit counters and live rooms' updates between instances (in-process when unset)",
  },
  REDIS_KEY_PREFIX: { ...text('codedrop:'), doc: "prefix for CodeDrop's Redis keys" },
  TRUST_PROXY: {
    ...parsed(trustProxy, false),
    doc: 'behind a reverse proxy: the proxy addresses/CIDRs (e.g. `10.0.0.0/8,127.0.0.1`; at most a /8, or a /32 of IPv6) or a hop count, so client IPs come from `X-Forwarded-For`; `true` is refused. A hop count trusts whatever connects directly: use it only where every request comes through the proxies',
  },
  REQUEST_TIMEOUT_SECONDS: {
    ...int(300, 1, 86_400),
    doc: "a request (an upload's body included) that has not fully arrived by then is answered 408; at 300 s a 50 MiB upload needs about 1.4 Mbit/s",
  },
  SHUTDOWN_DRAIN_SECONDS: {
    ...int(20, 1, 3_600),
    doc: 'on `SIGTERM`, how long requests already received may run on; new ones get 503 meanwhile, and those still running then are answered 503 and the process exits 1 ([docs/operations.md](docs/operations.md#shutting-down))',
  },
  HEALTH_MIN_FREE_BYTES: {
    ...int(104_857_600, 0, Number.MAX_SAFE_INTEGER),
    doc: "reserve kept free on `DATA_DIR`'s disk when it holds the database or files (100 MiB): upload bytes that would take it get 507, so deletions and downloads can still be recorded; `/healthz` and `/readyz` answer 503 below it; `0` turns the health check off",
  },
  METRICS_TOKEN: {
    ...optional(z.string().min(16, 'must be at least 16 characters long')),
    doc: 'bearer token for `GET /metrics` from non-loopback clients (≥ 16 characters)',
  },
  LOG_LEVEL: {
    ...oneOf(logLevels, 'info'),
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  WEB_DIST_DIR: {
    ...text(null),
    doc: 'where the built web app is served from',
    defaultDoc: '`apps/web/dist`',
  },
  ADS_CLIENT_ID: {
    ...text(null),
    doc: 'advertising client id; without it no ad slot renders',
  },
} satisfies Variables;
