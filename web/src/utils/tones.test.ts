// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { probabilityTone, winRateTone } from '@/utils/tones';

describe('probability colours (docs/product.md#colours)', () => {
  it.each([
    [100, 'text-primary'],
    [70, 'text-primary'],
    [69.9, 'text-chart-2'],
    [50, 'text-chart-2'],
    [49.9, 'text-muted-foreground'],
    [0, 'text-muted-foreground'],
  ])('%s%% is %s', (percent, tone) => {
    expect(probabilityTone(percent)).toBe(tone);
  });
});

describe('win-rate colours (docs/product.md#colours)', () => {
  it.each([
    [70, 'text-success'],
    [85.2, 'text-success'],
    [69.9, 'text-warning'],
    [50, 'text-warning'],
    [49.9, 'text-destructive'],
    [0, 'text-destructive'],
  ])('%s%% is %s', (percent, tone) => {
    expect(winRateTone(percent)).toBe(tone);
  });
});
