import type { Submission } from '@codedrop/contract';

/**
 * The list after a poll: the server's list decides which submissions there are and their
 * order (oldest first); those already opened are kept as they are, and only the new ones
 * need opening. A submission deleted meanwhile (here or in another tab) drops out.
 */
export function mergeSubmissions<T extends { id: string }>(
  current: readonly T[],
  listed: readonly Submission[],
  opened: readonly T[],
): T[] {
  const byId = new Map<string, T>();
  for (const entry of [...current, ...opened]) byId.set(entry.id, entry);
  return listed.flatMap((submission) => {
    const entry = byId.get(submission.id);
    return entry === undefined ? [] : [entry];
  });
}

/** The submissions of a poll not yet opened on this page. */
export function newSubmissions(
  current: readonly { id: string }[],
  listed: readonly Submission[],
): Submission[] {
  const known = new Set(current.map((entry) => entry.id));
  return listed.filter((submission) => !known.has(submission.id));
}
