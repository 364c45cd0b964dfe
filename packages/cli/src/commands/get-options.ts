import type { Unlocked } from './unlock.js';

/** Proves the password and returns the envelope; null for a share without one. */
export type Unlock = () => Promise<Unlocked> | null;

/** What `codedrop get` was asked to do with the share it fetched. */
export interface GetOptions {
  output: string | undefined;
  force: boolean;
  json: boolean;
}
