// The tenant clock as a unit (src/simulator/clock.ts): what each change the admin API accepts does to
// "now", and which changes it refuses. The admin routes over HTTP are tested in test/server/clock.test.ts.
import { describe, expect, it } from '@jest/globals';
import { checkClockChange, TenantClock } from '../../src/simulator/index.js';

/** A real clock the test moves by hand, so no assertion depends on wall-clock time. */
function manualTime(start: string): { real: () => Date; tick: (seconds: number) => void } {
  let ms = Date.parse(start);
  return { real: () => new Date(ms), tick: (seconds) => (ms += seconds * 1000) };
}

const START = '2030-01-01T00:00:00.000Z';

describe('TenantClock', () => {
  it('runs on real time until changed', () => {
    const time = manualTime(START);
    const clock = new TenantClock(time.real);
    expect(clock.isReal).toBe(true);
    expect(clock.now().toISOString()).toBe(START);
    time.tick(90);
    expect(clock.state('firm')).toEqual({
      tenant: 'firm',
      mode: 'real',
      now: '2030-01-01T00:01:30.000Z',
      offsetSeconds: 0,
    });
  });

  it('frozen at an instant stays there while real time runs, and advances only when told', () => {
    const time = manualTime(START);
    const clock = new TenantClock(time.real);
    expect(clock.change({ now: '2099-03-01T08:00:00Z' })).toBeUndefined();
    time.tick(3600);
    expect(clock.now().toISOString()).toBe('2099-03-01T08:00:00.000Z');
    expect(clock.state('firm')).toMatchObject({ mode: 'frozen', offsetSeconds: null });
    expect(clock.isReal).toBe(false);
    clock.change({ advanceSeconds: 60 });
    expect(clock.now().toISOString()).toBe('2099-03-01T08:01:00.000Z');
    expect(clock.state('firm').mode).toBe('frozen');
  });

  it('shifted by an offset keeps running with real time', () => {
    const time = manualTime(START);
    const clock = new TenantClock(time.real);
    clock.change({ offsetSeconds: -86_400 });
    expect(clock.now().toISOString()).toBe('2029-12-31T00:00:00.000Z');
    time.tick(10);
    expect(clock.now().toISOString()).toBe('2029-12-31T00:00:10.000Z');
    expect(clock.state('firm')).toMatchObject({ mode: 'offset', offsetSeconds: -86_400 });
    // A new offset replaces the old one rather than adding to it.
    clock.change({ offsetSeconds: 5 });
    expect(clock.state('firm').offsetSeconds).toBe(5);
  });

  it('advancing a real or shifted clock adds to its offset, and time keeps running', () => {
    const time = manualTime(START);
    const clock = new TenantClock(time.real);
    clock.change({ advanceSeconds: 120 });
    expect(clock.state('firm')).toMatchObject({ mode: 'offset', offsetSeconds: 120 });
    clock.change({ advanceSeconds: 30 });
    expect(clock.state('firm').offsetSeconds).toBe(150);
    time.tick(1);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:02:31.000Z');
  });

  it('refuses a change that would leave the years 1970 to 9999 and stays as it was', () => {
    const clock = new TenantClock(manualTime(START).real);
    clock.change({ now: '9999-12-31T23:00:00Z' });
    expect(clock.change({ advanceSeconds: 7200 })).toBe('the clock would leave the years 1970 to 9999');
    expect(clock.state('firm')).toMatchObject({ mode: 'frozen', now: '9999-12-31T23:00:00.000Z' });
    const shifted = new TenantClock(manualTime(START).real);
    shifted.change({ offsetSeconds: 60 });
    expect(shifted.change({ offsetSeconds: -2_000_000_000 })).toMatch(/1970 to 9999/);
    expect(shifted.state('firm')).toMatchObject({ mode: 'offset', offsetSeconds: 60 });
  });

  it('goes back to real time on reset, from a frozen or a shifted clock', () => {
    const time = manualTime(START);
    const clock = new TenantClock(time.real);
    clock.change({ now: '2099-03-01T08:00:00Z' });
    clock.reset();
    expect(clock.state('firm')).toEqual({ tenant: 'firm', mode: 'real', now: START, offsetSeconds: 0 });
    clock.change({ offsetSeconds: 60 });
    clock.reset();
    expect(clock.now().toISOString()).toBe(START);
    // A reset clock advanced afterwards starts from real time, not from the old offset.
    clock.change({ advanceSeconds: 1 });
    expect(clock.state('firm').offsetSeconds).toBe(1);
  });
});

describe('checkClockChange', () => {
  it('accepts exactly one of now, offsetSeconds and advanceSeconds', () => {
    expect(checkClockChange({ now: '2030-01-01T00:00:00Z' })).toEqual({ now: '2030-01-01T00:00:00Z' });
    expect(checkClockChange({ offsetSeconds: -5 })).toEqual({ offsetSeconds: -5 });
    expect(checkClockChange({ advanceSeconds: 0 })).toEqual({ advanceSeconds: 0 });
  });

  it('asks for exactly one change when given none, two, an unknown one or no object', () => {
    const exactlyOne = 'give exactly one of now, offsetSeconds, advanceSeconds';
    expect(checkClockChange({})).toBe(exactlyOne);
    expect(checkClockChange({ now: '2030-01-01T00:00:00Z', offsetSeconds: 1 })).toBe(exactlyOne);
    expect(checkClockChange({ later: 5 })).toBe(exactlyOne);
    expect(checkClockChange('now')).toBe(exactlyOne);
    expect(checkClockChange(null)).toBe(exactlyOne);
  });

  it('names the field that is wrong', () => {
    expect(checkClockChange({ offsetSeconds: 1.5 })).toBe('offsetSeconds must be integer');
    expect(checkClockChange({ now: 5 })).toBe('now must be string');
    expect(checkClockChange({ offsetSeconds: 4_000_000_000 })).toBe('offsetSeconds must be <= 3200000000');
    expect(checkClockChange({ advanceSeconds: -1 })).toBe(
      'advanceSeconds must not be negative (a clock only moves forward; use now or offsetSeconds)',
    );
  });

  it('takes now only as a UTC date-time on a real day', () => {
    const expected = 'now must be an ISO 8601 UTC date-time on a real day, e.g. 2030-01-01T00:00:00Z';
    expect(checkClockChange({ now: '2030-02-30T00:00:00Z' })).toBe(expected);
    expect(checkClockChange({ now: '2030-01-01T00:00:00+01:00' })).toBe(expected);
    expect(checkClockChange({ now: '2030-01-01' })).toBe(expected);
  });
});
