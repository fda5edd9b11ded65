import { Readable } from 'node:stream';
import { BodyBudget, BodyBudgetExceeded, BodyTooLarge } from '../../src/upstream/transport/body-budget';

/**
 * The body budget's bookkeeping on its own (decisions 011 and 018): holds of written copies, the per-answer cap
 * checked before the budget, and the one quiet callback after a burst. Jest's fake timers stand in for the quiet time.
 */

jest.setTimeout(30_000);

const body = (bytes: number): Readable => Readable.from([Buffer.alloc(bytes, 120)]);

describe('BodyBudget', () => {
  afterEach(() => jest.useRealTimers());

  it('an answer announced past the per-answer cap is too large even when the budget is full', async () => {
    const budget = new BodyBudget(100, 60);
    const release = budget.hold(90);
    await expect(budget.read(body(70), 70, (b) => b.length)).rejects.toBeInstanceOf(BodyTooLarge);
    await expect(budget.read(body(20), 20, (b) => b.length)).rejects.toBeInstanceOf(BodyBudgetExceeded);
    // A written copy is counted even past the limit (the work is done); reads are refused meanwhile.
    const copy = budget.hold(50);
    expect(budget.bytesInFlight).toBe(140);
    release();
    release();
    copy();
    expect(budget.bytesInFlight).toBe(0);
  });

  it('calls back after the budget has been empty for the quiet time following a burst, once more if still quiet; not after small use', async () => {
    jest.useFakeTimers();
    const budget = new BodyBudget(100, 100);
    const quiet = jest.fn();
    budget.onQuietAfterBurst(25, 5000, quiet);
    budget.hold(10)();
    jest.advanceTimersByTime(10_000);
    expect(quiet).not.toHaveBeenCalled();
    const a = budget.hold(20);
    const b = budget.hold(20);
    a();
    jest.advanceTimersByTime(10_000);
    expect(quiet).not.toHaveBeenCalled();
    b();
    jest.advanceTimersByTime(4999);
    // New work before the quiet time is up starts the wait again.
    const c = budget.hold(1);
    jest.advanceTimersByTime(10_000);
    expect(quiet).not.toHaveBeenCalled();
    c();
    jest.advanceTimersByTime(5000);
    expect(quiet).toHaveBeenCalledTimes(1);
    // Still quiet twice as long after: once more; then nothing until another burst.
    jest.advanceTimersByTime(10_000);
    expect(quiet).toHaveBeenCalledTimes(2);
    budget.hold(10)();
    jest.advanceTimersByTime(30_000);
    expect(quiet).toHaveBeenCalledTimes(2);
  });

  it('work arriving between the two quiet calls cancels the second', () => {
    jest.useFakeTimers();
    const budget = new BodyBudget(100, 100);
    const quiet = jest.fn();
    budget.onQuietAfterBurst(25, 5000, quiet);
    budget.hold(30)();
    jest.advanceTimersByTime(5000);
    expect(quiet).toHaveBeenCalledTimes(1);
    budget.callStarted()();
    jest.advanceTimersByTime(30_000);
    expect(quiet).toHaveBeenCalledTimes(1);
  });

  it('a call still under way after a burst puts the quiet time off until it ends', () => {
    jest.useFakeTimers();
    const budget = new BodyBudget(100, 100);
    const quiet = jest.fn();
    budget.onQuietAfterBurst(25, 5000, quiet);
    const straggler = budget.callStarted();
    budget.hold(30)();
    jest.advanceTimersByTime(10_000);
    expect(quiet).not.toHaveBeenCalled();
    straggler();
    straggler();
    jest.advanceTimersByTime(5000);
    expect(quiet).toHaveBeenCalledTimes(1);
  });
});
