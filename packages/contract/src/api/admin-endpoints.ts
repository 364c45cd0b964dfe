import {
  adminAuditSchema,
  adminBlockResponseSchema,
  adminOverviewSchema,
  adminQueueSchema,
  adminSessionSchema,
  adminShareSchema,
  adminSignInBodySchema,
} from '../moderation.js';
import { codeParamsSchema, shareFileParamsSchema } from '../share-requests.js';
import { noContentSchema, problemResponses, type Endpoint } from './endpoint.js';

// The operator's console (docs/api.md#admin). Every change carries the session's CSRF
// token in CodeDrop-CSRF.

/** What the console's session cookie is scoped to: its API, never a visitor's requests. */
export const adminApiPath = '/api/admin';

export const adminSignInEndpoint = {
  method: 'POST',
  path: '/api/admin/session',
  body: adminSignInBodySchema,
  responses: { 200: adminSessionSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminSessionEndpoint = {
  method: 'GET',
  path: adminSignInEndpoint.path,
  responses: { 200: adminSessionSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminSignOutEndpoint = {
  method: 'DELETE',
  path: adminSignInEndpoint.path,
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminSignOutEverywhereEndpoint = {
  method: 'DELETE',
  path: '/api/admin/sessions',
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminOverviewEndpoint = {
  method: 'GET',
  path: '/api/admin/overview',
  responses: { 200: adminOverviewSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminQueueEndpoint = {
  method: 'GET',
  path: '/api/admin/reports',
  responses: { 200: adminQueueSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminAuditEndpoint = {
  method: 'GET',
  path: '/api/admin/audit',
  responses: { 200: adminAuditSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminShareEndpoint = {
  method: 'GET',
  path: '/api/admin/shares/:code',
  params: codeParamsSchema,
  responses: { 200: adminShareSchema, ...problemResponses },
} as const satisfies Endpoint;

/** A file's stored bytes, for the console's previews. */
export const adminFileEndpoint = {
  method: 'GET',
  path: '/api/admin/shares/:code/files/:index',
  params: shareFileParamsSchema,
} as const satisfies Endpoint;

export const adminRestoreEndpoint = {
  method: 'POST',
  path: '/api/admin/shares/:code/restore',
  params: codeParamsSchema,
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminDismissEndpoint = {
  method: 'POST',
  path: '/api/admin/shares/:code/dismiss',
  params: codeParamsSchema,
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminDeleteEndpoint = {
  method: 'DELETE',
  path: adminShareEndpoint.path,
  params: codeParamsSchema,
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

export const adminBlockEndpoint = {
  method: 'POST',
  path: '/api/admin/shares/:code/block',
  params: codeParamsSchema,
  responses: { 200: adminBlockResponseSchema, ...problemResponses },
} as const satisfies Endpoint;
