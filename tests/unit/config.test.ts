import { describe, expect, it } from 'vitest';
import { serviceBase, sandboxHosts, type RuntimeConfig, DEFAULT_OPPORTUNITY_FALLBACK_HOST } from '@/config/environment';
import { SERVICES, type Service } from '@/config/services';
import { ENVIRONMENTS } from '@/config/constants';

const H = 'https://h.example';
const hostsFor = (prefix: string): Record<Service, string> =>
  Object.fromEntries(SERVICES.map((s) => [s, `${H}/${prefix}/${s}`])) as Record<Service, string>;

const config = (environment?: string): RuntimeConfig => ({
  environment,
  hosts: { dev: hostsFor('dev'), stage: hostsFor('stage'), prod: hostsFor('prod') },
});

/** The address rules, written out service by service so a rule change fails here. */
const expected: Record<Service, (host: string) => string> = {
  systems: (h) => `${h}/v1`,
  geo: (h) => `${h}/v1`,
  audit: (h) => `${h}/v1`,
  mail: (h) => `${h}/v1`,
  creativity: (h) => `${h}/v1`,
  circuits: (h) => `${h}/v1`,
  frame: (h) => `${h}/v1`,
  device: (h) => `${h}/v1`,
  companies: (h) => `${h}/company/v1`,
  campaign: (h) => `${h}/v1/`,
  planner: (h) => `${h}/v1/`,
  share: (h) => `${h}/v1/`,
  scheduler: (h) => `${h}/v1/`,
  user: (h) => h,
  product: (h) => h,
  order: (h) => h,
  opportunity: (h) => h,
  catalogue: (h) => `${h}/estimate/catalog`,
  estimate: (h) => `${h}/estimate/`,
  advertiser: (h) => `${h}/v1/`,
  history: (h) => `${h}/v1/history`,
};

describe('service addresses', () => {
  for (const env of ENVIRONMENTS) {
    for (const service of SERVICES) {
      it(`${service} in ${env} follows its address form`, () => {
        expect(serviceBase(service, config(env))).toBe(expected[service](`${H}/${env}/${service}`));
      });
    }
  }

  it('defaults to prod when no environment is configured', () => {
    expect(serviceBase('systems', config(undefined))).toBe(`${H}/prod/systems/v1`);
  });

  it('an unknown environment yields no base for most services', () => {
    for (const service of SERVICES.filter((s) => s !== 'share' && s !== 'scheduler' && s !== 'opportunity')) {
      expect(serviceBase(service, config('qa'))).toBe('');
    }
  });

  it('an unknown environment yields an undefined base for share and scheduler', () => {
    expect(serviceBase('share', config('qa'))).toBeUndefined();
    expect(serviceBase('scheduler', config('qa'))).toBeUndefined();
  });

  it('the opportunity service falls back to its fallback host when none is configured', () => {
    expect(serviceBase('opportunity', { environment: 'prod', hosts: {} })).toBe(DEFAULT_OPPORTUNITY_FALLBACK_HOST);
    expect(
      serviceBase('opportunity', { environment: 'stage', hosts: {}, opportunityFallbackHost: 'https://opp.example/' }),
    ).toBe('https://opp.example');
  });

  it('the companies prefix comes from configuration', () => {
    expect(serviceBase('companies', { environment: 'dev', hosts: { dev: { companies: H } }, companyPrefix: 'acme' })).toBe(
      `${H}/acme/v1`,
    );
  });

  it('the sandbox host of a service is its prefix on 127.0.0.1:8787', () => {
    expect(sandboxHosts().estimate).toBe('http://127.0.0.1:8787/estimate');
    expect(Object.keys(sandboxHosts())).toHaveLength(21);
  });
});

describe('the one list of services', () => {
  it('the plain-JS list the scripts read is the same as src/config/services.ts', async () => {
    // @ts-expect-error — a plain ESM script without types
    const { SERVICES: scripts } = await import('../../scripts/services.mjs');
    expect(scripts).toEqual([...SERVICES]);
  });
});
