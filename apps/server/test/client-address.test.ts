import { describe, expect, it } from 'vitest';
import { clientGroup, clientNetwork } from '../src/http/client-address.js';

describe('clientGroup', () => {
  it('counts an IPv4 client by its address', () => {
    expect(clientGroup('198.51.100.7', 64)).toBe('198.51.100.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(clientGroup('::ffff:198.51.100.7', 64)).toBe('198.51.100.7');
    expect(clientGroup('::FFFF:c633:6407', 64)).toBe('198.51.100.7');
    expect(clientGroup('0:0:0:0:0:ffff:198.51.100.7', 64)).toBe('198.51.100.7');
  });

  it('counts an IPv6 client by the prefix of its address, however it is written', () => {
    const group = '2001:db8:a:b:0:0:0:0/64';
    expect(clientGroup('2001:db8:a:b::1', 64)).toBe(group);
    expect(clientGroup('2001:0DB8:000a:000b:ffff:ffff:ffff:ffff', 64)).toBe(group);
    expect(clientGroup('2001:db8:a:b:1:2:3:4%eth0', 64)).toBe(group);
    expect(clientGroup('2001:db8:a:c::1', 64)).not.toBe(group);
    expect(clientGroup('2001:db8:a:1ff::1', 56)).toBe('2001:db8:a:100:0:0:0:0/56');
    expect(clientGroup('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128');
    // A dotted tail that is not an IPv4-mapped address stays IPv6.
    expect(clientGroup('64:ff9b::192.0.2.1', 96)).toBe('64:ff9b:0:0:0:0:0:0/96');
    expect(clientGroup('::1', 64)).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientGroup('unknown', 64)).toBe('unknown');
  });
});

describe('clientNetwork', () => {
  it('is the /24 of an IPv4 address and the /48 of an IPv6 one', () => {
    expect(clientNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(clientNetwork('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(clientNetwork('2001:db8:11:3::1')).toBe('2001:db8:11:0:0:0:0:0/48');
    expect(clientNetwork('2001:db8:12:1::1')).not.toBe(clientNetwork('2001:db8:11:1::1'));
  });
});
