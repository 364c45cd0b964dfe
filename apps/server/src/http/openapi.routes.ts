import { openapiEndpoint } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from './route.js';

export default async function openapiRoutes(app: FastifyInstance) {
  route(app, openapiEndpoint, { schema: { hide: true } }, async () => app.swagger());
}
