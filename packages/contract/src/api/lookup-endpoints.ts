import { codeParamsSchema } from '../share-requests.js';
import { shareViewSchema } from '../shares.js';
import { problemResponses, type Endpoint } from './endpoint.js';

// The lookup, apart from the other share endpoints (shares-endpoints.ts): a page that only
// looks a share up loads and builds its answer's schemas, none of theirs.

/** Never consumes anything, so link previews cannot burn a share. */
export const lookupShareEndpoint = {
  method: 'GET',
  path: '/api/shares/:code',
  params: codeParamsSchema,
  responses: { 200: shareViewSchema, ...problemResponses },
} as const satisfies Endpoint;
