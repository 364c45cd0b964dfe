/**
 * The database could not be reached: no connection could be had, or it did not answer in
 * time. Whatever the server said (if anything) is the `cause`. Answered 503, never 500.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}
