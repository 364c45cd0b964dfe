import type { Endpoint } from './endpoint.js';

// The door for terminals (docs/api.md#from-a-terminal): curl's uploads and lookups,
// answered in text/plain, so they have no JSON schemas.

/** `curl -T FILE HOST/`: one file, named by the path (`?downloads=`, `?expires=`). */
export const terminalFileEndpoint = {
  method: 'PUT',
  path: '/:name',
} as const satisfies Endpoint;

/** `curl --data-binary @- HOST/`: the body as a text share (`?expires=`, `?burn=1`). */
export const terminalTextEndpoint = {
  method: 'POST',
  path: '/',
} as const satisfies Endpoint;

/** `curl HOST/{code}`: the text, or the file's URL(s); a browser gets the page. */
export const terminalLookupEndpoint = {
  method: 'GET',
  path: '/:code(^\\d+$)',
} as const satisfies Endpoint;
