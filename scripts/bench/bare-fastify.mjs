// A bare Fastify server (no plugins, no schemas, no database) answering the API routes the
// bench measures with JSON of the same shape CodeDrop sends, so the ratio isolates what
// CodeDrop's own work costs.
import cluster from 'node:cluster';
import { randomBytes, randomInt } from 'node:crypto';
import Fastify from 'fastify';

// BENCH_WORKERS > 1: the same routes in that many processes sharing the port, as
// CodeDrop's WORKERS runs them.
const workers = Number(process.env.BENCH_WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 500);
  });
  await new Promise(() => {});
}

/** code → the JSON CodeDrop answered for that share, returned as-is. */
const views = JSON.parse(process.env.BENCH_VIEWS_JSON ?? '{}');
const config = JSON.parse(process.env.BENCH_CONFIG_JSON ?? '{}');
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.get('/api/config', async () => config);

app.get('/api/shares/:code', async (request) => views[request.params.code] ?? {});

app.post('/api/shares', async (request, reply) => {
  const createdAt = new Date();
  return reply.status(201).send({
    code: String(randomInt(100_000, 1_000_000)),
    type: request.body.type,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + 86_400_000).toISOString(),
    deleteToken: randomBytes(32).toString('base64url'),
  });
});

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
