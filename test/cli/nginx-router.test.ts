import { describe, expect, it } from '@jest/globals';
import { nginxRouterConfig, parseReplicas } from '../../src/cli/nginx-router.js';
import { DEFAULT_TENANTS, type TenantConfig } from '../../src/simulator/index.js';

const tenant = (id: string, token: string): TenantConfig => ({
  id,
  name: id,
  token,
  fullCloud: true,
  languageSpecificInformation: true,
  auditFeature: true,
});

const config = (tenants: readonly TenantConfig[]) =>
  nginxRouterConfig({
    tenants,
    replicas: [
      { host: '10.0.0.1', port: 4000 },
      { host: 'replica-2', port: 4000 },
    ],
    listen: '8080',
    failTimeout: 7,
    source: 'tenants.json',
  });

describe('parseReplicas', () => {
  it('reads host:port lists, IPv6 in brackets', () => {
    expect(parseReplicas('10.0.0.1:4000, rm-1.svc:4001,[::1]:4002')).toEqual([
      { host: '10.0.0.1', port: 4000 },
      { host: 'rm-1.svc', port: 4001 },
      { host: '[::1]', port: 4002 },
    ]);
  });

  it.each([
    ['', 'needs at least one host:port'],
    ['10.0.0.1', '"10.0.0.1" is not host:port'],
    ['a:0', '"a:0" is not host:port'],
    ['a:65536', '"a:65536" is not host:port'],
    ['a b:1', '"a b:1" is not host:port'],
    ['a:1;b:2', '"a:1;b:2" is not host:port'],
    ['a:1,a:1', '"a:1" is named twice'],
  ])('refuses %j', (list, message) => {
    expect(parseReplicas(list)).toEqual(expect.stringContaining(message));
  });
});

describe('nginxRouterConfig', () => {
  it('maps each token to its tenant and hashes consistently on the tenant', () => {
    const text = config(DEFAULT_TENANTS);
    if (typeof text !== 'string') throw new Error(text.error);
    expect(text).toContain('"\\\\dev-token"         dev-firm;');
    expect(text).toContain('"\\\\dev-token-limited" limited-firm;');
    expect(text).toContain('hash $rm_tenant consistent;');
    expect(text).toContain('server 10.0.0.1:4000 max_fails=1 fail_timeout=7s;');
    expect(text).toContain('server replica-2:4000 max_fails=1 fail_timeout=7s;');
    expect(text).toContain('proxy_next_upstream error timeout;');
    expect(text).toContain('listen 8080;');
  });

  it('escapes quotes and backslashes, and keeps a token that reads like a map keyword a plain string', () => {
    const text = config([tenant('odd', 'default"x\\y'), tenant('tilde', '~^.*$abc')]);
    if (typeof text !== 'string') throw new Error(text.error);
    expect(text).toContain('"\\\\default\\"x\\\\y" odd;');
    expect(text).toContain('"\\\\~^.*$abc"      tilde;');
  });

  it('refuses tokens nginx cannot tell apart (map ignores case)', () => {
    expect(config([tenant('a', 'Token-One-1'), tenant('b', 'token-one-1')])).toEqual({
      error: 'the tokens of tenants "a" and "b" differ only in case; nginx\'s map cannot tell them apart',
    });
  });
});
