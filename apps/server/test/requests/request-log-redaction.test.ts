import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/log-redaction.js';

describe("a request's code in the logs", () => {
  it.each([
    ['/api/requests/12345678', '/api/requests/[code]'],
    ['/api/requests/1234/unlock', '/api/requests/[code]/unlock'],
    [
      '/api/requests/1234/submissions/AbCdEfGhIjKlMnOpQrStUvWx/blob',
      '/api/requests/[code]/submissions/AbCdEfGhIjKlMnOpQrStUvWx/blob',
    ],
    ['/api/requests', '/api/requests'],
  ])('shows %s as %s', (url, shown) => {
    expect(redactUrl(url, 'GET')).toBe(shown);
  });
});
