// First: zod's CSP-safe setting, before any answer is parsed.
import '../../csp-safe-zod';
import { createApiClient } from '@codedrop/contract';

export { fetchFailure, problemFrom, problemFromBody } from '@codedrop/contract';

/**
 * The page's client of the API on its own origin (docs/architecture.md#conventions): every
 * call returns `{ ok: true, data }` or `{ ok: false, problem }` and never throws.
 */
export const api = createApiClient('');
