import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY (issue 14: the client address behind proxies)', () => {
  const trust = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default, a hop count, or the proxies’ addresses', () => {
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, loopback,2001:db8::1')).toEqual(['10.0.0.0/8', 'loopback', '2001:db8::1']);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const bad of ['bukan-alamat', '10.0.0.0/33', '1.2.3.4/8/9', '-1']) {
      expect(() => trust(bad)).toThrow(/TRUST_PROXY: harus false, jumlah proxy/);
    }
  });
});

describe('WEB_CONCURRENCY (issue 15: all cores)', () => {
  const processes = (value?: string) => loadConfig({ WEB_CONCURRENCY: value }).WEB_CONCURRENCY;

  it('is unset by default (one per core is decided at start), or a whole number of processes', () => {
    expect(processes()).toBeUndefined();
    expect(processes('  ')).toBeUndefined();
    expect(processes('1')).toBe(1);
    expect(processes(' 4 ')).toBe(4);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const bad of ['0', '-2', '1.5', 'dua', '1000']) {
      expect(() => processes(bad)).toThrow(/WEB_CONCURRENCY: harus bilangan bulat 1 sampai 999/);
    }
  });
});

describe('SEED_DEMO and PUBLIC_URL (issue 26: a shop others reach is never the demo, decision 043)', () => {
  const demo = (env: Record<string, string>) => {
    const c = loadConfig(env);
    return { seed: c.SEED_DEMO, publicDemo: c.publicDemo };
  };

  it('loads the demo data by default only without PUBLIC_URL; with it only when asked, and that is a public demo', () => {
    expect(demo({})).toEqual({ seed: true, publicDemo: false });
    expect(demo({ SEED_DEMO: 'false' })).toEqual({ seed: false, publicDemo: false });
    expect(demo({ PUBLIC_URL: 'https://pasar.contoh.id' })).toEqual({ seed: false, publicDemo: false });
    expect(demo({ PUBLIC_URL: 'https://pasar.contoh.id', SEED_DEMO: 'true' })).toEqual({ seed: true, publicDemo: true });
    expect(demo({ PUBLIC_URL: 'https://pasar.contoh.id', SEED_DEMO: 'false' })).toEqual({ seed: false, publicDemo: false });
  });
});
