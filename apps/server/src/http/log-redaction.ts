import {
  adminShareEndpoint,
  continueUploadEndpoint,
  downloadBlobEndpoint,
  lookupRequestEndpoint,
  lookupShareEndpoint,
  type Endpoint,
} from '@codedrop/contract';

/** A rule that can only match a URL starting with `prefix`: other URLs skip its regex. */
interface Rule {
  prefix: string;
  pattern: RegExp;
  replacement: string;
}

/**
 * Hides parameter `name` of the endpoint's path (what matches `value` there) as `[label]`,
 * in that path and every path under it.
 */
function hide(endpoint: Endpoint, name: string, value: string, label: string): Rule {
  const prefix = endpoint.path.slice(0, endpoint.path.indexOf(`:${name}`));
  const literal = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return { prefix, pattern: new RegExp(`^${literal}${value}`), replacement: `${prefix}[${label}]` };
}

/**
 * What request logs may say about a URL. A share code is the key to an unencrypted share
 * (a request's code is kept out alike), a download token a download capability, an
 * upload's address half of a write capability, and a name sent to `PUT /{name}` the
 * uploader's own words, so none reaches a log line:
 * paths keep their shape (`/api/shares/[code]/unlock`), which is what an operator needs.
 */
const pathRules: Rule[] = [
  hide(downloadBlobEndpoint, 'token', '[^?#]+', 'token'),
  hide(continueUploadEndpoint, 'id', '[^/?#]+', 'upload'),
  hide(lookupShareEndpoint, 'code', '\\d+', 'code'),
  hide(lookupRequestEndpoint, 'code', '\\d+', 'code'),
  // The console's API and pages name the share they show.
  hide(adminShareEndpoint, 'code', '[^/?#]+', 'code'),
  { prefix: '/admin/shares/', pattern: /^(\/admin\/shares\/)[^/?#]+/, replacement: '$1[code]' },
];
/** Deep links /{code} and anything else that starts with a run of digits. */
const leadingDigits = /^\/\d+(?=$|[/?#])/;
const codeInQuery = /([?&](?:code|shareCode)=)[^&#]*/gi;

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The URL as a log line may show it. Each request's access line passes here, so a rule's
 * regex runs only on a URL it could match (by its literal prefix, a leading digit, a query).
 */
export function redactUrl(url: string, method?: string): string {
  // `curl -T` names the share's file by the path: all of it is the uploader's.
  if (method === 'PUT' && !url.startsWith('/api/')) return url.replace(/^[^?#]*/, '/[name]');
  let redacted = url;
  for (const rule of pathRules) {
    if (redacted.startsWith(rule.prefix)) {
      redacted = redacted.replace(rule.pattern, rule.replacement);
    }
  }
  if (isDigit(redacted.charCodeAt(1))) redacted = redacted.replace(leadingDigits, '/[code]');
  if (redacted.includes('=')) redacted = redacted.replace(codeInQuery, '$1[code]');
  return redacted;
}
