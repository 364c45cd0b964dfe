import { vi } from 'vitest';

/**
 * Answers the first GET with `first()` and any Range request with `rest(range)`, as a
 * download URL does; returns the Range header of every request, null for none.
 */
export function serveResuming(
  first: () => Response,
  rest: (range: string) => Response,
): Array<string | null> {
  const ranges: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const range = (init?.headers as Record<string, string> | undefined)?.Range ?? null;
      ranges.push(range);
      return range === null ? first() : rest(range);
    }),
  );
  return ranges;
}
