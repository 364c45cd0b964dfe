import { reportShareEndpoint, type ReportBody, type ReportResponse } from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

/**
 * Files a visitor's abuse report on share `code` (docs/api.md#reports). The server answers
 * the same thanks for any code, stored or not, so the answer says nothing about the share.
 */
export function sendReport(code: string, body: ReportBody): Promise<ApiResult<ReportResponse>> {
  return api.call(reportShareEndpoint, { params: { code }, body });
}
