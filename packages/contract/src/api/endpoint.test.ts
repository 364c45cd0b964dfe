import { describe, expect, it } from 'vitest';
import { pathTo } from './endpoint.js';
import { adminFileEndpoint } from './admin-endpoints.js';
import { lookupShareEndpoint } from './lookup-endpoints.js';
import { getConfigEndpoint } from './service-endpoints.js';
import { terminalLookupEndpoint } from './terminal-endpoints.js';

describe('pathTo', () => {
  it('fills each parameter, encoded as one segment', () => {
    expect(pathTo(lookupShareEndpoint, { code: '1234' })).toBe('/api/shares/1234');
    expect(pathTo(lookupShareEndpoint, { code: 'a/b c' })).toBe('/api/shares/a%2Fb%20c');
    expect(pathTo(adminFileEndpoint, { code: '42', index: 3 })).toBe(
      '/api/admin/shares/42/files/3',
    );
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathTo(getConfigEndpoint)).toBe('/api/config');
  });

  it("drops a parameter's regular expression", () => {
    expect(pathTo(terminalLookupEndpoint, { code: '981' })).toBe('/981');
  });

  it('refuses a missing parameter', () => {
    const loose = pathTo as (endpoint: unknown, params: unknown) => string;
    expect(() => loose(lookupShareEndpoint, {})).toThrow(/:code/);
  });
});
