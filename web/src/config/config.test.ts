// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/config/env';
import { paths } from '@/config/paths';

describe('env', () => {
  it('defaults the API origin to same-origin and ignores variables without the VITE_APP_ prefix', () => {
    expect(parseEnv({ MODE: 'production', VITE_OTHER: 'x' })).toEqual({ API_URL: '' });
  });

  it('rejects an API origin with a path or trailing slash, naming the variable', () => {
    expect(() => parseEnv({ VITE_APP_API_URL: 'https://api.example.com/' })).toThrow(/VITE_APP_API_URL/);
    expect(parseEnv({ VITE_APP_API_URL: 'https://api.example.com' }).API_URL).toBe('https://api.example.com');
  });
});

describe('paths', () => {
  it('builds the login links used by pricing and the admin redirect', () => {
    expect(paths.auth.login.getHref()).toBe('/login');
    expect(paths.auth.login.getHref({ mode: 'signup' })).toBe('/login?mode=signup');
    expect(paths.auth.login.getHref({ mode: 'signup', intent: 'subscribe' })).toBe('/login?mode=signup&intent=subscribe');
    expect(paths.auth.login.getHref({ redirect: '/admin/odds' })).toBe('/login?redirect=/admin/odds');
    expect(paths.auth.login.getHref({ redirect: '/predictions?league=Premier League&x=1' })).toBe(
      '/login?redirect=/predictions%3Fleague%3DPremier%20League%26x%3D1',
    );
  });

  it('builds the pricing and payment-result links', () => {
    expect(paths.pricing.getHref({ intent: 'subscribe' })).toBe('/pricing?intent=subscribe');
    expect(paths.subscriptionSuccess.getHref({ sessionId: 'cs_test_1' })).toBe('/subscription/success?session_id=cs_test_1');
  });
});
