import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/api/shares/12345678', '/api/shares/[code]'],
    ['/api/shares/1234/unlock', '/api/shares/[code]/unlock'],
    ['/api/shares/1234/downloads?x=1', '/api/shares/[code]/downloads?x=1'],
    ['/api/blobs/abc.def-ghi?download=1', '/api/blobs/[token]?download=1'],
    ['/api/uploads/1795803481379-91aa1fe81ea63749.bin', '/api/uploads/[upload]'],
    ['/api/uploads/1795-9a.bin?x=1', '/api/uploads/[upload]?x=1'],
    ['/api/admin/shares/9876/files/0', '/api/admin/shares/[code]/files/0'],
    ['/admin/shares/9876', '/admin/shares/[code]'],
    ['/123456', '/[code]'],
    ['/123456?ref=x', '/[code]?ref=x'],
    ['/de/123456', '/de/123456'],
    ['/12ab', '/12ab'],
    ['/?code=1234&x=1', '/?code=[code]&x=1'],
    ['/clipboard?shareCode=1234', '/clipboard?shareCode=[code]'],
    ['/x?a=1&CODE=99', '/x?a=1&CODE=[code]'],
    ['/api/shares/1234?code=1234', '/api/shares/[code]?code=[code]'],
    ['/api/config', '/api/config'],
    ['/', '/'],
    ['', ''],
  ])('shows %s as %s', (url, shown) => {
    expect(redactUrl(url, 'GET')).toBe(shown);
  });

  it('hides the whole path of PUT /{name}, but not of an API PUT', () => {
    expect(redactUrl('/secret-report.pdf?x=1', 'PUT')).toBe('/[name]?x=1');
    expect(redactUrl('/api/uploads/1795-9a.bin', 'PUT')).toBe('/api/uploads/[upload]');
  });
});
