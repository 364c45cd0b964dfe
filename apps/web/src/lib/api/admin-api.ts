import {
  adminAuditSchema,
  adminBlockResponseSchema,
  adminOverviewSchema,
  adminQueueSchema,
  adminSessionSchema,
  adminShareSchema,
  type AdminAudit,
  type AdminOverview,
  type AdminQueue,
  type AdminSession,
  type AdminShare,
} from '@codedrop/contract';
import { fetchFailure, problemFrom, requestJson } from './request';
import type { ApiResult } from './result';

// The operator's console API (docs/api.md#admin). The session is an HttpOnly cookie the
// page never sees; every change carries the session's CSRF token in CodeDrop-CSRF.

const csrf = (session: AdminSession) => ({ 'CodeDrop-CSRF': session.csrfToken });
const share = (code: string) => `/api/admin/shares/${encodeURIComponent(code)}`;

export function currentSession(): Promise<ApiResult<AdminSession>> {
  return requestJson('/api/admin/session', adminSessionSchema);
}

export function signIn(password: string): Promise<ApiResult<AdminSession>> {
  return requestJson('/api/admin/session', adminSessionSchema, {
    method: 'POST',
    json: { password },
  });
}

export const fetchOverview = (): Promise<ApiResult<AdminOverview>> =>
  requestJson('/api/admin/overview', adminOverviewSchema);
export const fetchQueue = (): Promise<ApiResult<AdminQueue>> =>
  requestJson('/api/admin/reports', adminQueueSchema);
export const fetchAudit = (): Promise<ApiResult<AdminAudit>> =>
  requestJson('/api/admin/audit', adminAuditSchema);
export const fetchShare = (code: string): Promise<ApiResult<AdminShare>> =>
  requestJson(share(code), adminShareSchema);

/** A change the server answers 204 to. */
async function change(
  session: AdminSession,
  method: 'POST' | 'DELETE',
  path: string,
): Promise<ApiResult<null>> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: csrf(session) });
  } catch (error) {
    return { ok: false, problem: fetchFailure(error) };
  }
  return response.ok
    ? { ok: true, data: null }
    : { ok: false, problem: await problemFrom(response) };
}

export const signOut = (session: AdminSession) => change(session, 'DELETE', '/api/admin/session');
/** Ends every console session (this one included), in every browser. */
export const signOutEverywhere = (session: AdminSession) =>
  change(session, 'DELETE', '/api/admin/sessions');

export type ShareAction = 'restore' | 'dismiss' | 'delete';

export function actOnShare(session: AdminSession, code: string, action: ShareAction) {
  return action === 'delete'
    ? change(session, 'DELETE', share(code))
    : change(session, 'POST', `${share(code)}/${action}`);
}

export function blockShare(session: AdminSession, code: string) {
  return requestJson(`${share(code)}/block`, adminBlockResponseSchema, {
    method: 'POST',
    headers: csrf(session),
  });
}

/** A file's stored bytes, for a preview shown from a blob: URL. */
export async function fetchFileBytes(code: string, index: number): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await fetch(`${share(code)}/files/${index}`);
  } catch (error) {
    return { ok: false, problem: fetchFailure(error) };
  }
  if (!response.ok) return { ok: false, problem: await problemFrom(response) };
  return { ok: true, data: await response.blob() };
}
