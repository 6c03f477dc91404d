import { LatestMetricsSchema } from '@app/contracts/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../logger.ts';
import { contractCheck } from './contract-check.ts';

describe('contractCheck', () => {
  const check = contractCheck('GET /api/metrics/latest', async () => LatestMetricsSchema);
  afterEach(() => vi.restoreAllMocks());

  it('logs an answer outside its contract as an error naming the route and what broke', async () => {
    // Prepare
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});

    // Act
    await check({ winAccuracy: 61, region: 'eu' });

    // Assess
    expect(error).toHaveBeenCalledTimes(1);
    const [message, details] = error.mock.calls[0] as unknown as [string, { route: string; problems: string[] }];
    expect(message).toBe('answer outside its response contract');
    expect(details.route).toBe('GET /api/metrics/latest');
    expect(details.problems).toEqual(expect.arrayContaining(['(body): fields the contract does not name: region', 'totalPredictions: expected number']));
  });

  it('logs nothing for an answer that keeps it', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await check(null);
    expect(error).not.toHaveBeenCalled();
  });
});
