import type { DownloadResponse } from '@codedrop/contract';
import type { ApiResult, ClientProblem } from './api/result';

/**
 * One counted download of a share (POST …/downloads): a URL for each of its files, in upload
 * order, all valid for the same 300 s.
 */
export interface DownloadGrant {
  urls: string[];
  downloadCount: number;
  maxDownloads: number;
  /** Epoch ms until which the page uses these URLs; after it, it asks for a new grant. */
  usableUntil: number;
}

/**
 * A preview is a download too (it is covered by the grant), but on a single-file share each
 * Download File still counts, as it always did: see `oneDownloadPerGrant`.
 */
export type GrantUse = 'preview' | 'download';

export interface GrantHolderOptions {
  /** Takes one download of the share (POST …/downloads). */
  request: () => Promise<ApiResult<DownloadResponse>>;
  /**
   * True for a single-file share: each Download File takes its own grant, as before shares had
   * several files, except that the first may use a grant a preview took. False: one grant
   * serves every download, preview and the ZIP until it runs out.
   */
  oneDownloadPerGrant: boolean;
  /** A new grant arrived (its counts are the share's latest). */
  onGranted?: (grant: DownloadGrant) => void;
  /** The server refused a grant. */
  onRefused?: (problem: ClientProblem) => void;
  now?: () => number;
}

/**
 * Stop using a grant this long before its URLs expire, so that a transfer started just before
 * is not cut off by the expiry (a resumed Range request would then be refused).
 */
export const grantMarginMs = 15_000;

/** A URL the server will not serve again: expired or tampered (403), or used up (410). */
export function isStaleLink(problem: ClientProblem): boolean {
  return problem.code === 'FORBIDDEN' || problem.code === 'DOWNLOAD_LINK_USED';
}

const missingUrl: ClientProblem = {
  code: 'BAD_RESPONSE',
  status: 200,
  title: 'Unexpected response',
  detail: 'The server sent an unexpected response. Please try again.',
};

/**
 * Keeps the page's download grant: every download, preview and ZIP uses the URLs of the one
 * grant held while it is valid, so a visitor taking the share counts one download however
 * many files they fetch. A new grant is asked for only when there is none, it has expired,
 * or one of its URLs turned out stale; concurrent callers share one request.
 */
export function createGrantHolder(options: GrantHolderOptions) {
  const now = options.now ?? Date.now;
  let held: { grant: DownloadGrant; downloaded: boolean } | null = null;
  let pending: Promise<ApiResult<DownloadGrant>> | null = null;

  const usable = (use: GrantUse): boolean =>
    held !== null &&
    now() < held.grant.usableUntil &&
    !(use === 'download' && options.oneDownloadPerGrant && held.downloaded);

  async function requestGrant(): Promise<ApiResult<DownloadGrant>> {
    const asked = now();
    const response = await options.request();
    if (!response.ok) {
      options.onRefused?.(response.problem);
      return response;
    }
    const { data } = response;
    const grant: DownloadGrant = {
      urls: data.downloadUrls.map((entry) => entry.url),
      downloadCount: data.downloadCount,
      maxDownloads: data.maxDownloads,
      usableUntil: asked + data.expiresInSeconds * 1000 - grantMarginMs,
    };
    held = { grant, downloaded: false };
    options.onGranted?.(grant);
    return { ok: true, data: grant };
  }

  /** The held grant while it serves `use`, else a new one (which counts a download). */
  async function take(use: GrantUse): Promise<ApiResult<DownloadGrant>> {
    if (!usable(use)) {
      if (use === 'download' && options.oneDownloadPerGrant) {
        // A Download File always gets a grant of its own once the held one has served one.
        if (held?.downloaded) held = null;
      }
      pending ??= requestGrant().finally(() => (pending = null));
      const result = await pending;
      if (!result.ok) return result;
    }
    if (held === null) return take(use);
    if (use === 'download') held.downloaded = true;
    return { ok: true, data: held.grant };
  }

  /** Forgets `grant` (when one of its URLs was refused), so the next use takes a new one. */
  function drop(grant: DownloadGrant): void {
    if (held?.grant === grant) held = null;
  }

  /**
   * Runs `fetchWith` with the URL of file `index` from a valid grant. When the server refuses that
   * URL as stale, the grant is renewed once (which counts a download) and `fetchWith` runs again.
   */
  async function withUrl<T>(
    index: number,
    purpose: GrantUse,
    fetchWith: (url: string) => Promise<ApiResult<T>>,
  ): Promise<ApiResult<{ value: T; grant: DownloadGrant }>> {
    for (let attempt = 0; ; attempt++) {
      const granted = await take(purpose);
      if (!granted.ok) return granted;
      const url = granted.data.urls[index];
      if (url === undefined) return { ok: false, problem: missingUrl };
      const result = await fetchWith(url);
      if (result.ok) return { ok: true, data: { value: result.data, grant: granted.data } };
      if (attempt > 0 || !isStaleLink(result.problem)) return result;
      drop(granted.data);
    }
  }

  return {
    take,
    drop,
    withUrl,
    /** Whether `use` can go ahead without a new grant (so without counting a download). */
    canUseHeld: usable,
    /** When the held grant stops being used (epoch ms), or null when none is held. */
    heldUntil: (): number | null => held?.grant.usableUntil ?? null,
  };
}

export type GrantHolder = ReturnType<typeof createGrantHolder>;
