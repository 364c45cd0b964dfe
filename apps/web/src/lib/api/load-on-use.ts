import { connectionProblem, type ApiResult } from './result';

/**
 * Loads a module the page did not load with it: the tools load the API client and zod when
 * they first send. A failed load (the connection, or a release that replaced the file)
 * reads as a lost connection, like a failed request, instead of leaving the form waiting.
 */
export async function loadOnUse<T>(load: () => Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    console.error('Could not load part of the page', error);
    return { ok: false, problem: connectionProblem };
  }
}
