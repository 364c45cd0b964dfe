import { healthEndpoint, liveEndpoint, metricsEndpoint, readyEndpoint } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import { SecureServerResponse, type HeaderLists } from './secure-server-response.js';

/**
 * Where the ad provider's code, frames, images and beacons come from. Allowed only when
 * ADS_CLIENT_ID is set; the app loads none of it before the visitor accepts advertising.
 */
export const adOrigins = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.google.com',
    'https://*.doubleclick.net',
    'https://*.adtrafficquality.google',
  ],
  frame: [
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.google.com',
    'https://*.adtrafficquality.google',
  ],
  connect: [
    'https://*.googlesyndication.com',
    'https://*.google.com',
    'https://*.doubleclick.net',
    'https://*.adtrafficquality.google',
  ],
  // Ad creatives are served from many image hosts.
  img: ['https:'],
} as const;

/**
 * The origins a browser fetches presigned S3 URLs from (encrypted files are downloaded and
 * decrypted by the page): the endpoint itself (path style) and the bucket's own host
 * (virtual-hosted style), or AWS's regional hosts when no endpoint is set.
 */
export function s3Origins(config: Pick<Config, 'storage' | 's3'>): string[] {
  if (config.storage !== 's3') return [];
  const { endpoint, bucket, region } = config.s3;
  if (endpoint === null) {
    return [`https://${bucket}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`];
  }
  const url = new URL(endpoint);
  return [url.origin, `${url.protocol}//${bucket}.${url.host}`];
}

/** The page policy: scripts only from this origin (no 'unsafe-inline'), nothing may frame it. */
export function pageContentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'adsClientId' | 'storage' | 's3'>,
): string {
  const ads = config.adsClientId !== null;
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const self = ["'self'", ...(config.publicUrl === null ? [] : [new URL(config.publicUrl).origin])];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(ads ? adOrigins.script : [])],
    // Preact, Radix, Quill and sonner set style attributes and <style> elements at run time.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...(ads ? adOrigins.img : [])],
    ['font-src', "'self'"],
    ['connect-src', ...new Set([...self, ...s3Origins(config), ...(ads ? adOrigins.connect : [])])],
    // Nothing of this origin is framed, above all no uploaded file: previews paint PDFs and
    // SVGs into canvases (docs/design.md#file-previews); only the ad provider frames itself.
    ['frame-src', ...(ads ? adOrigins.frame : ["'none'"])],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    // blob: for audio and video previews.
    ['media-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** API answers are data: they may load nothing, run nothing and be framed by nobody. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

const powerfulFeatures = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
];

export function securityHeaders(
  config: Pick<Config, 'publicUrl' | 'adsClientId' | 'storage' | 's3'>,
): { page: Record<string, string>; api: Record<string, string> } {
  const common: Record<string, string> = {
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'permissions-policy': powerfulFeatures.map((feature) => `${feature}=()`).join(', '),
    'cross-origin-resource-policy': 'same-origin',
  };
  if (config.publicUrl?.startsWith('https:')) {
    common['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return {
    page: {
      ...common,
      'content-security-policy': pageContentSecurityPolicy(config),
      // Ads open their landing pages in new windows; without ads nothing needs an opener.
      'cross-origin-opener-policy':
        config.adsClientId === null ? 'same-origin' : 'same-origin-allow-popups',
    },
    api: { ...common, 'content-security-policy': apiContentSecurityPolicy },
  };
}

/** The API's paths, and the operator's endpoints beside them (health, metrics). */
const apiPattern = new RegExp(
  `^/(api/|(${[healthEndpoint, readyEndpoint, liveEndpoint, metricsEndpoint]
    .map((endpoint) => endpoint.path.slice(1))
    .join('|')})(\\?|$))`,
);
const isApi = (url: string) => apiPattern.test(url);

/**
 * Which headers a response carries, by its URL: pages and static files get the page list;
 * API answers, errors and 404s under /api/ the API list and `Cache-Control: no-store`
 * (they are personal and short-lived: never cache them anywhere); the health and metrics
 * routes the API list alone.
 */
export function securityHeaderLists(
  config: Pick<Config, 'publicUrl' | 'adsClientId' | 'storage' | 's3'>,
): HeaderLists {
  const headers = securityHeaders(config);
  const api = Object.entries({ ...headers.api, 'cache-control': 'no-store' });
  const apiOutsideApiPath = Object.entries(headers.api);
  const page = Object.entries(headers.page);
  return {
    all: [page, api, apiOutsideApiPath],
    forUrl: (url) => (!isApi(url) ? page : url.startsWith('/api/') ? api : apiOutsideApiPath),
  };
}

/**
 * Security headers on every response: pages, static files, API answers, errors and 404s.
 * A route that sets one of them itself keeps its own value.
 *
 * The HTTP server writes them (secure-server-response.ts, passed in app.ts's server
 * options). This hook sets them on the reply only for a response not made by that class:
 * app.inject's, or every response on a runtime the class cannot serve.
 */
async function securityHeadersPlugin(app: FastifyInstance, opts: { config: Config }) {
  const lists = securityHeaderLists(opts.config);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!(reply.raw instanceof SecureServerResponse)) {
      for (const [name, value] of lists.forUrl(request.url)) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
    }
    done(null, payload);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
