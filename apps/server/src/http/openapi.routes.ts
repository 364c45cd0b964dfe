import type { FastifyInstance } from 'fastify';

export default async function openapiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
