/**
 * Quill 2's getSemanticHTML writes every space as &nbsp;, which stops rendered notes from
 * wrapping. A run of n spaces becomes one breakable space and n − 1 hard ones, which
 * looks the same and wraps like ordinary text.
 */
export function breakableSpaces(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => ' ' + '&nbsp;'.repeat(run.length / 6 - 1));
}
