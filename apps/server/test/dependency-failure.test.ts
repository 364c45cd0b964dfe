import { describe, expect, it } from 'vitest';
import { BlobUnavailableError } from '../src/infra/blob/port.js';
import { DatabaseUnavailableError } from '../src/infra/db/unavailable.js';
import { dependencyFailure } from '../src/http/dependency-failure.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('dependencyFailure', () => {
  it.each([
    [coded('57P01', 'terminating connection due to administrator command'), 'database'],
    [coded('08006'), 'database'],
    [coded('53300', 'too many clients'), 'database'],
    [coded('57014', 'canceling statement due to statement timeout'), 'database'],
    [new Error('timeout exceeded when trying to connect'), 'database'],
    [new Error('Connection terminated unexpectedly'), 'database'],
    [coded('ECONNREFUSED'), 'database'],
    [coded('SQLITE_FULL', 'database or disk is full'), 'database'],
    [coded('SQLITE_IOERR_WRITE'), 'database'],
    [coded('SQLITE_BUSY'), 'database'],
    [coded('ENOSPC'), 'disk'],
    [new BlobUnavailableError('S3 did not answer'), 'storage'],
    [new Error('wrapped', { cause: coded('57P03') }), 'database'],
    // No connection could be had: unavailable whatever the server said, codes that are
    // bugs elsewhere included.
    [new DatabaseUnavailableError('no connection', { cause: coded('55000') }), 'database'],
    [new DatabaseUnavailableError('no connection', { cause: coded('3D000') }), 'database'],
    [new DatabaseUnavailableError('no connection', { cause: coded('28P01') }), 'database'],
    [new DatabaseUnavailableError('no answer'), 'database'],
  ])('%s is the %s failing', (error, dependency) => {
    expect(dependencyFailure(error)?.dependency).toBe(dependency);
  });

  it.each([
    [new TypeError('x is not a function')],
    [coded('23505', 'duplicate key value')],
    [coded('42P01', 'relation "shares" does not exist')],
    [coded('55000', 'object not in prerequisite state')],
    [coded('SQLITE_CONSTRAINT_PRIMARYKEY')],
    ['a string'],
    [null],
  ])('%s is a bug, not an outage', (error) => {
    expect(dependencyFailure(error)).toBeNull();
  });
});
