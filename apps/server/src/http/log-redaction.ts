import {
  adminShareEndpoint,
  continueUploadEndpoint,
  downloadBlobEndpoint,
  lookupShareEndpoint,
  type Endpoint,
} from '@codedrop/contract';

/**
 * Hides parameter `name` of the endpoint's path (what matches `value` there) as `[label]`,
 * in that path and every path under it.
 */
function hide(endpoint: Endpoint, name: string, value: string, label: string): [RegExp, string] {
  const prefix = endpoint.path.slice(0, endpoint.path.indexOf(`:${name}`));
  const literal = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [new RegExp(`^${literal}${value}`), `${prefix}[${label}]`];
}

/**
 * What request logs may say about a URL. A share code is the key to an unencrypted share,
 * a download token a download capability, an upload's address half of a write capability,
 * and a name sent to `PUT /{name}` the uploader's own words, so none reaches a log line:
 * paths keep their shape (`/api/shares/[code]/unlock`), which is what an operator needs.
 */
const rules: Array<[RegExp, string]> = [
  hide(downloadBlobEndpoint, 'token', '[^?#]+', 'token'),
  hide(continueUploadEndpoint, 'id', '[^/?#]+', 'upload'),
  hide(lookupShareEndpoint, 'code', '\\d+', 'code'),
  // The console's API and pages name the share they show.
  hide(adminShareEndpoint, 'code', '[^/?#]+', 'code'),
  [/^(\/admin\/shares\/)[^/?#]+/, '$1[code]'],
  // Deep links /{code} and anything else that starts with a run of digits.
  [/^\/\d+(?=$|[/?#])/, '/[code]'],
  [/([?&](?:code|shareCode)=)[^&#]*/gi, '$1[code]'],
];

export function redactUrl(url: string, method?: string): string {
  // `curl -T` names the share's file by the path: all of it is the uploader's.
  if (method === 'PUT' && !url.startsWith('/api/')) return url.replace(/^[^?#]*/, '/[name]');
  return rules.reduce(
    (redacted, [pattern, replacement]) => redacted.replace(pattern, replacement),
    url,
  );
}
