/**
 * What request logs may say about a URL. A share code is the key to an unencrypted share
 * and a download token is a download capability, so neither reaches a log line: paths keep
 * their shape (`/api/shares/[code]/unlock`), which is what an operator needs.
 */
const rules: Array<[RegExp, string]> = [
  [/^\/api\/blobs\/[^?#]+/, '/api/blobs/[token]'],
  [/^\/api\/shares\/\d+/, '/api/shares/[code]'],
  // Deep links /{code} and anything else that starts with a run of digits.
  [/^\/\d+(?=$|[/?#])/, '/[code]'],
  [/([?&](?:code|shareCode)=)[^&#]*/gi, '$1[code]'],
];

export function redactUrl(url: string): string {
  return rules.reduce(
    (redacted, [pattern, replacement]) => redacted.replace(pattern, replacement),
    url,
  );
}
