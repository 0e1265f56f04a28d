import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkBudget } from '../../../src/renderer/src/layout/work-budget';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the period of work redone from the whole fleet', () => {
  it('keeps the minimum while runs are cheap, and stretches it so a costly run stays within its share', () => {
    const budget = new WorkBudget(1000, 0.02, 5000);
    expect(budget.periodMs).toBe(1000);
    budget.record(8);
    expect(budget.periodMs).toBe(1000);
    // 40 ms a run at 2 %: every 2 s.
    budget.record(40);
    expect(budget.periodMs).toBe(2000);
    // Never longer than the maximum, and back to the minimum once runs are cheap again.
    budget.record(400);
    expect(budget.periodMs).toBe(5000);
    budget.record(5);
    expect(budget.periodMs).toBe(1000);
  });

  it('times the work it runs, and hands back its result', () => {
    let now = 100;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const budget = new WorkBudget(1000);
    expect(
      budget.run(() => {
        now += 60;
        return 'index';
      }),
    ).toBe('index');
    // 60 ms at the default 1 %: 6 s, past the 5 s most.
    expect(budget.periodMs).toBe(5000);
    // A run that throws is timed too.
    expect(() =>
      budget.run(() => {
        now += 30;
        throw new Error('bad fix');
      }),
    ).toThrow('bad fix');
    expect(budget.periodMs).toBe(3000);
  });
});
