// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  formatCount,
  formatKickoff,
  formatLongDate,
  formatMatchDate,
  formatPastDay,
  formatMoney,
  formatInterval,
  formatOdds,
  formatPercent,
  formatPoints,
  formatStamp,
} from '@/utils/format';

describe('formatters of docs/product.md#display-formats', () => {
  it('shows money with a sign and 2 decimals', () => {
    expect(formatMoney(123.4)).toBe('+$123.40');
    expect(formatMoney(-20)).toBe('-$20.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.567)).toBe('+$1234.57');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('shows a signed percentage (payout, ROI, CLV) with 1 decimal, N/A when nothing was staked', () => {
    expect(formatPercent(12.345, { signed: true })).toBe('+12.3%');
    expect(formatPercent(-4, { signed: true })).toBe('-4.0%');
    expect(formatPercent(0, { signed: true })).toBe('0.0%');
    expect(formatPercent(-0.04, { signed: true })).toBe('0.0%');
    expect(formatPercent(null, { signed: true })).toBe('N/A');
    expect(formatPercent(11.4, { signed: true, digits: 0 })).toBe('+11%');
    expect(formatInterval([-4.2, 25.25])).toBe('[-4.2%, +25.3%]');
    expect(formatInterval(null)).toBe('');
    expect(formatPoints(4.25)).toBe('+4.3');
    expect(formatPoints(-0.8)).toBe('-0.8');
  });

  it('shows a count with thousands separators, as toLocaleString("en") would', () => {
    for (const n of [0, 7, 999, 1000, 10_000, 123_456, 1_234_567, -4_200]) expect(formatCount(n)).toBe(n.toLocaleString('en'));
  });

  it('shows odds with 2 decimals, N/A when there are none', () => {
    expect(formatOdds(2.1)).toBe('2.10');
    expect(formatOdds(13.456)).toBe('13.46');
    expect(formatOdds(null)).toBe('N/A');
  });

  it('shows probabilities and win rates with 1 decimal', () => {
    expect(formatPercent(63.44)).toBe('63.4%');
    expect(formatPercent(70)).toBe('70.0%');
    expect(formatPercent(66.6666)).toBe('66.7%');
    expect(formatPercent(0)).toBe('0.0%');
  });

  it('formats table dates as a card does: weekday, day, month and 24-hour time; past days with their year', () => {
    const local = new Date(2026, 2, 5, 19, 7);

    expect(formatMatchDate(local.toISOString())).toBe('Thu 5 Mar, 19:07');
    expect(formatMatchDate(new Date(2026, 11, 24, 0, 30).toISOString())).toBe('Thu 24 Dec, 00:30');
    expect(formatPastDay('2026-03-01')).toBe('Sun 1 Mar 2026');
  });

  it("formats a card's kickoff as weekday, day, month and 24-hour time", () => {
    expect(formatKickoff(new Date(2026, 10, 22, 14, 0).toISOString())).toBe('Sun 22 Nov, 14:00');
    expect(formatKickoff(new Date(2026, 0, 5, 9, 5).toISOString())).toBe('Mon 5 Jan, 09:05');
  });

  it('stamps every instant (a price seen or quoted, a scan) one way: weekday, day, month, 24-hour time and the zone as its offset from GMT', () => {
    const local = new Date(2026, 11, 8, 21, 34);
    const minutes = -local.getTimezoneOffset();
    const zone = minutes === 0 ? 'GMT' : `GMT${minutes > 0 ? '+' : '-'}${Math.floor(Math.abs(minutes) / 60)}`;

    expect(formatStamp(local.toISOString())).toMatch(new RegExp(`^Tue 8 Dec 21:34 ${zone.replace('+', '\\+')}(:\\d\\d)?$`));
    expect(formatStamp(local.toISOString())).not.toMatch(/UTC/);
  });

  it('formats a cancellation date from Unix seconds', () => {
    const seconds = new Date(2026, 3, 30, 12).getTime() / 1000;

    expect(formatLongDate(seconds)).toBe('30 April 2026');
    expect(formatLongDate('2026-03-05')).toBe('5 March 2026');
  });
});
