import {
  adminAuditEndpoint,
  adminBlockEndpoint,
  adminDeleteEndpoint,
  adminDismissEndpoint,
  adminFileEndpoint,
  adminOverviewEndpoint,
  adminQueueEndpoint,
  adminRestoreEndpoint,
  adminSessionEndpoint,
  adminShareEndpoint,
  adminSignInEndpoint,
  adminSignOutEndpoint,
  adminSignOutEverywhereEndpoint,
  type AdminAudit,
  type AdminOverview,
  type AdminQueue,
  type AdminSession,
  type AdminShare,
} from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

// The operator's console API (docs/api.md#admin). The session is an HttpOnly cookie the
// page never sees; every change carries the session's CSRF token in CodeDrop-CSRF.

const csrf = (session: AdminSession) => ({ 'CodeDrop-CSRF': session.csrfToken });

export function currentSession(): Promise<ApiResult<AdminSession>> {
  return api.call(adminSessionEndpoint);
}

export function signIn(password: string): Promise<ApiResult<AdminSession>> {
  return api.call(adminSignInEndpoint, { body: { password } });
}

export const fetchOverview = (): Promise<ApiResult<AdminOverview>> =>
  api.call(adminOverviewEndpoint);
export const fetchQueue = (): Promise<ApiResult<AdminQueue>> => api.call(adminQueueEndpoint);
export const fetchAudit = (): Promise<ApiResult<AdminAudit>> => api.call(adminAuditEndpoint);
export const fetchShare = (code: string): Promise<ApiResult<AdminShare>> =>
  api.call(adminShareEndpoint, { params: { code } });

/** Changes the server answers 204 to. */
export const signOut = (session: AdminSession): Promise<ApiResult<null>> =>
  api.call(adminSignOutEndpoint, { headers: csrf(session) });
/** Ends every console session (this one included), in every browser. */
export const signOutEverywhere = (session: AdminSession): Promise<ApiResult<null>> =>
  api.call(adminSignOutEverywhereEndpoint, { headers: csrf(session) });

export type ShareAction = 'restore' | 'dismiss' | 'delete';

export function actOnShare(
  session: AdminSession,
  code: string,
  action: ShareAction,
): Promise<ApiResult<null>> {
  const options = { params: { code }, headers: csrf(session) };
  if (action === 'delete') return api.call(adminDeleteEndpoint, options);
  if (action === 'restore') return api.call(adminRestoreEndpoint, options);
  return api.call(adminDismissEndpoint, options);
}

export function blockShare(session: AdminSession, code: string) {
  return api.call(adminBlockEndpoint, { params: { code }, headers: csrf(session) });
}

/** A file's stored bytes, for a preview shown from a blob: URL. */
export async function fetchFileBytes(code: string, index: number): Promise<ApiResult<Blob>> {
  const sent = await api.send(adminFileEndpoint, { params: { code, index } });
  return sent.ok ? { ok: true, data: await sent.data.blob() } : sent;
}
