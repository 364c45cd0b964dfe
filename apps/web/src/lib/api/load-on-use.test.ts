import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnUse } from './load-on-use';
import { connectionProblem } from './result';

afterEach(() => vi.restoreAllMocks());

describe('loadOnUse', () => {
  it('gives the loaded module', async () => {
    const module = { createShare: () => 'made' };
    expect(await loadOnUse(() => Promise.resolve(module))).toEqual({ ok: true, data: module });
  });

  it('turns a failed load into the connection problem a failed request gives', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = new TypeError('Failed to fetch dynamically imported module');
    expect(await loadOnUse(() => Promise.reject(failed))).toEqual({
      ok: false,
      problem: connectionProblem,
    });
    expect(logged).toHaveBeenCalledWith('Could not load part of the page', failed);
  });
});
