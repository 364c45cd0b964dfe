// The kinds of share, once, without zod: the server, the database types and the web app
// all take them from here, and every place that branches on a type is exhaustive (a
// switch ending in assertNever, or a record keyed by type), so a new kind does not compile
// until each of them handles it.

export const shareTypes = ['clipboard', 'notepad', 'file'] as const;
export type ShareType = (typeof shareTypes)[number];

/** The kinds created as JSON with their content (a file is uploaded instead). */
export const textShareTypes = ['clipboard', 'notepad'] as const satisfies readonly ShareType[];
export type TextShareType = (typeof textShareTypes)[number];

/** The default of an exhaustive switch: compiles only when every case is handled. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
