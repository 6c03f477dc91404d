import { describe, expect, it } from 'vitest';
import { allowedOrigins, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('applies local defaults, except for STAGE, which is required', () => {
    expect(() => parseConfig({})).toThrow(/STAGE is required/);
    const config = parseConfig({ STAGE: 'local' });
    expect(config).toMatchObject({ STAGE: 'local', APP_ORIGIN: 'http://localhost:3000', TABLE_NAME: 'App', QUEUE_DRIVER: 'local' });
    expect(allowedOrigins(config)).toEqual(['http://localhost:3000']);
  });

  it('lists every bad variable in one readable error', () => {
    expect(() => parseConfig({ APP_ORIGIN: 'not a url', STAGE: 'qa' })).toThrow(/APP_ORIGIN[\s\S]*STAGE|STAGE[\s\S]*APP_ORIGIN/);
  });

  it('requires the queue URL prefix on SQS', () => {
    expect(() => parseConfig({ STAGE: 'dev', QUEUE_DRIVER: 'sqs' })).toThrow(/QUEUE_URL_PREFIX/);
  });

  it('parses comma-separated extra origins', () => {
    const config = parseConfig({ STAGE: 'local', EXTRA_ORIGINS: 'http://localhost:5173, https://example.com/' });
    expect(allowedOrigins(config)).toEqual(['http://localhost:3000', 'http://localhost:5173', 'https://example.com']);
  });

  it('reads the leagues flagged without a forecast: all by default, none, or a list of league ids', () => {
    expect(parseConfig({ STAGE: 'local' }).VALUE_ONLY_LEAGUES).toBe('all');
    expect(parseConfig({ STAGE: 'local', VALUE_ONLY_LEAGUES: 'none' }).VALUE_ONLY_LEAGUES).toBe('none');
    expect(parseConfig({ STAGE: 'local', VALUE_ONLY_LEAGUES: 'aut, DNK,' }).VALUE_ONLY_LEAGUES).toEqual(['AUT', 'DNK']);
    expect(() => parseConfig({ STAGE: 'local', VALUE_ONLY_LEAGUES: 'AUT,soccer_denmark_superliga' })).toThrow(/VALUE_ONLY_LEAGUES: all, none, or league ids/);
  });
});
