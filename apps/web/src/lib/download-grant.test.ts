// @vitest-environment node
import type { DownloadResponse } from '@codedrop/contract';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, ClientProblem } from './api/result';
import { createGrantHolder, grantMarginMs, type GrantHolderOptions } from './download-grant';

const problem = (code: ClientProblem['code'], status: number): ClientProblem => ({
  code,
  status,
  title: code,
  detail: code,
});

/** A server that counts grants: each answers URLs tagged with the grant's number. */
function server(max = 10, files = 3) {
  let count = 0;
  const request = vi.fn(async (): Promise<ApiResult<DownloadResponse>> => {
    if (count >= max) return { ok: false, problem: problem('DOWNLOAD_LIMIT_REACHED', 410) };
    count++;
    const downloadUrls = Array.from({ length: files }, (_, i) => ({
      name: `f${i}`,
      url: `/api/blobs/g${count}-f${i}`,
    }));
    return {
      ok: true,
      data: {
        downloadUrls,
        downloadCount: count,
        maxDownloads: max,
        expiresInSeconds: 300,
      },
    };
  });
  return request;
}

function holder(overrides: Partial<GrantHolderOptions> = {}) {
  const clock = { now: 1_000_000 };
  const request = overrides.request ?? server();
  const grants = createGrantHolder({
    request,
    oneDownloadPerGrant: false,
    now: () => clock.now,
    ...overrides,
  });
  const fetchUrl = (index: number, use: 'preview' | 'download' = 'download') =>
    grants.withUrl(index, use, async (url) => ({ ok: true as const, data: url }));
  return { grants, request, clock, fetchUrl };
}

const urlOf = (result: Awaited<ReturnType<ReturnType<typeof holder>['fetchUrl']>>) =>
  result.ok ? result.data.value : result.problem.code;

describe('createGrantHolder on a share of several files', () => {
  it('takes one grant for every download, preview and file within its lifetime', async () => {
    const { request, fetchUrl } = holder();
    const urls = [
      await fetchUrl(0, 'preview'),
      await fetchUrl(1, 'preview'),
      await fetchUrl(0),
      await fetchUrl(1),
      await fetchUrl(2),
      await fetchUrl(2, 'preview'),
    ].map(urlOf);
    expect(request).toHaveBeenCalledOnce();
    expect(urls).toEqual([
      '/api/blobs/g1-f0',
      '/api/blobs/g1-f1',
      '/api/blobs/g1-f0',
      '/api/blobs/g1-f1',
      '/api/blobs/g1-f2',
      '/api/blobs/g1-f2',
    ]);
  });

  it('shares one request between callers that ask at the same time', async () => {
    const { request, fetchUrl } = holder();
    const urls = (await Promise.all([fetchUrl(0), fetchUrl(1, 'preview'), fetchUrl(2)])).map(urlOf);
    expect(request).toHaveBeenCalledOnce();
    expect(urls).toEqual(['/api/blobs/g1-f0', '/api/blobs/g1-f1', '/api/blobs/g1-f2']);
  });

  it('asks for a new grant once the held one is about to expire', async () => {
    const { request, fetchUrl, clock, grants } = holder();
    await fetchUrl(0);
    expect(grants.heldUntil()).toBe(clock.now + 300_000 - grantMarginMs);
    clock.now += 300_000 - grantMarginMs - 1;
    expect(urlOf(await fetchUrl(1))).toBe('/api/blobs/g1-f1');
    clock.now += 1;
    expect(grants.canUseHeld('preview')).toBe(false);
    expect(urlOf(await fetchUrl(1))).toBe('/api/blobs/g2-f1');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('renews the grant once when a URL is used up or refused, and retries with the new URL', async () => {
    for (const stale of [problem('DOWNLOAD_LINK_USED', 410), problem('FORBIDDEN', 403)]) {
      const { grants, request } = holder();
      const tried: string[] = [];
      const result = await grants.withUrl(1, 'download', async (url) => {
        tried.push(url);
        return tried.length === 1 ? { ok: false, problem: stale } : { ok: true, data: 'bytes' };
      });
      expect(result).toMatchObject({ ok: true, data: { value: 'bytes' } });
      expect(tried).toEqual(['/api/blobs/g1-f1', '/api/blobs/g2-f1']);
      expect(request).toHaveBeenCalledTimes(2);
    }
  });

  it('does not renew more than once, nor for other failures', async () => {
    const { grants, request } = holder();
    const used = await grants.withUrl(0, 'download', async () => ({
      ok: false as const,
      problem: problem('DOWNLOAD_LINK_USED', 410),
    }));
    expect(used).toMatchObject({ ok: false, problem: { code: 'DOWNLOAD_LINK_USED' } });
    expect(request).toHaveBeenCalledTimes(2);

    const offline = await grants.withUrl(0, 'download', async () => ({
      ok: false as const,
      problem: problem('NETWORK_ERROR', 0),
    }));
    expect(offline).toMatchObject({ ok: false, problem: { code: 'NETWORK_ERROR' } });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('passes a refused grant on, and tells who listens', async () => {
    const onRefused = vi.fn();
    const { fetchUrl } = holder({ request: server(0), onRefused });
    expect(urlOf(await fetchUrl(0))).toBe('DOWNLOAD_LIMIT_REACHED');
    expect(onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'DOWNLOAD_LIMIT_REACHED' }),
    );
  });

  it('reports each new grant with its counts', async () => {
    const onGranted = vi.fn();
    const { fetchUrl } = holder({ onGranted });
    await fetchUrl(0);
    await fetchUrl(1);
    expect(onGranted).toHaveBeenCalledOnce();
    expect(onGranted).toHaveBeenCalledWith(
      expect.objectContaining({ downloadCount: 1, maxDownloads: 10 }),
    );
  });

  it('answers a problem when the grant has no URL for the file', async () => {
    const { fetchUrl } = holder({ request: server(10, 1) });
    expect(urlOf(await fetchUrl(3))).toBe('BAD_RESPONSE');
  });
});

describe('createGrantHolder on a single-file share', () => {
  it('counts every Download File, as before', async () => {
    const { request, fetchUrl } = holder({ oneDownloadPerGrant: true, request: server(10, 1) });
    expect(urlOf(await fetchUrl(0))).toBe('/api/blobs/g1-f0');
    expect(urlOf(await fetchUrl(0))).toBe('/api/blobs/g2-f0');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('lets the first Download File use the grant a preview took', async () => {
    const { request, fetchUrl, grants } = holder({
      oneDownloadPerGrant: true,
      request: server(10, 1),
    });
    expect(urlOf(await fetchUrl(0, 'preview'))).toBe('/api/blobs/g1-f0');
    expect(urlOf(await fetchUrl(0, 'preview'))).toBe('/api/blobs/g1-f0');
    expect(grants.canUseHeld('download')).toBe(true);
    expect(urlOf(await fetchUrl(0))).toBe('/api/blobs/g1-f0');
    expect(grants.canUseHeld('download')).toBe(false);
    // Previews go on with the grant of that download.
    expect(urlOf(await fetchUrl(0, 'preview'))).toBe('/api/blobs/g1-f0');
    expect(urlOf(await fetchUrl(0))).toBe('/api/blobs/g2-f0');
    expect(request).toHaveBeenCalledTimes(2);
  });
});
