// A minimal AWS Signature Version 4 request, enough to create a bucket on the test server
// without pulling an S3 client into a dependency-free script.
import { createHash, createHmac } from 'node:crypto';

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/** Sends `method` on a path-style `path` (no query string) and resolves to the response. */
export async function signedFetch(
  { endpoint, region, accessKeyId, secretAccessKey },
  method,
  path,
) {
  const url = new URL(path, endpoint);
  const amzDate = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256('');
  // fetch adds Host itself; it is signed all the same.
  const headers = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const signed = { host: url.host, ...headers };
  const signedHeaders = Object.keys(signed).join(';');
  const canonical = [
    method,
    url.pathname,
    '',
    ...Object.entries(signed).map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secretAccessKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return fetch(url, { method, headers: { ...headers, authorization } });
}
