// The Host allow-list's parts: a Host header's name, loopback addresses, and the default list.
import { describe, expect, it } from '@jest/globals';
import { defaultAllowedHosts, hostName, isLoopback } from '../../src/server/index.js';

describe('host check', () => {
  it('reads the name of a Host header, without its port, in lower case, IPv6 in brackets', () => {
    expect(hostName('LocalHost:4000')).toBe('localhost');
    expect(hostName('[::1]:4000')).toBe('[::1]');
    expect(hostName('example.com.')).toBe('example.com');
    expect(hostName('10.0.0.1')).toBe('10.0.0.1');
    expect(hostName(undefined)).toBeUndefined();
    expect(hostName('')).toBeUndefined();
  });

  it('tells loopback listen addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.com']) expect(isLoopback(host)).toBe(false);
  });

  it('allows the loopback names and the bound address; for a wildcard, the machine addresses', () => {
    expect(defaultAllowedHosts('10.1.2.3')).toEqual(['localhost', '127.0.0.1', '[::1]', '10.1.2.3']);
    const wildcard = defaultAllowedHosts('0.0.0.0');
    expect(wildcard).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '[::1]']));
    expect(wildcard).not.toContain('0.0.0.0');
  });
});
