import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARM_MS, createFrameVisibility, type ObserverFactory } from '../../components/youtube/frame/visibility';

/** A stand-in for IntersectionObserver v2: the test hands it the browser's entries. */
function fakeObserver() {
  let deliver: ((entries: readonly { isVisible?: boolean }[]) => void) | null = null;
  const observed: Element[] = [];
  let disconnected = false;
  const factory: ObserverFactory = (onEntries) => {
    deliver = onEntries;
    return {
      observe: (target) => observed.push(target),
      disconnect: () => {
        disconnected = true;
      },
    };
  };
  return {
    factory,
    observed,
    disconnected: () => disconnected,
    entry: (isVisible: boolean) => deliver?.([{ isVisible }]),
    /** An entry that does not say isVisible at all. */
    silent: () => deliver?.([{}]),
  };
}

const target = {} as Element;

describe('the panel frame arms only after being seen whole for ARM_MS', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = () => {
    const io = fakeObserver();
    const gate = createFrameVisibility(io.factory, () => Date.now());
    const changes = vi.fn();
    gate.listen(changes);
    gate.watch(target);
    return { io, gate, changes };
  };

  it('is not armed before any entry', () => {
    const { gate, io } = make();
    expect(io.observed).toEqual([target]);
    expect(gate.supported).toBe(true);
    expect(gate.armed()).toBe(false);
  });

  it('visible for 499 ms: not armed; at 500 ms: armed, and listeners hear it', () => {
    expect(ARM_MS).toBe(500);
    const { gate, io, changes } = make();
    io.entry(true);
    vi.advanceTimersByTime(499);
    expect(gate.armed()).toBe(false);
    expect(changes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gate.armed()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('a hidden entry resets the clock', () => {
    const { gate, io } = make();
    io.entry(true);
    vi.advanceTimersByTime(400);
    io.entry(false);
    vi.advanceTimersByTime(200);
    expect(gate.armed()).toBe(false);
    io.entry(true);
    vi.advanceTimersByTime(499);
    expect(gate.armed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(gate.armed()).toBe(true);
  });

  it('a hidden entry disarms at once, and says so', () => {
    const { gate, io, changes } = make();
    io.entry(true);
    vi.advanceTimersByTime(ARM_MS);
    changes.mockClear();
    io.entry(false);
    expect(gate.armed()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('another visible entry while visible keeps the clock running', () => {
    const { gate, io } = make();
    io.entry(true);
    vi.advanceTimersByTime(300);
    io.entry(true);
    vi.advanceTimersByTime(200);
    expect(gate.armed()).toBe(true);
  });

  it('a timer that fires before the clock says 500 ms waits again, then arms', () => {
    const io = fakeObserver();
    let skew = 0;
    const gate = createFrameVisibility(io.factory, () => Date.now() - skew);
    const changes = vi.fn();
    gate.listen(changes);
    gate.watch(target);
    io.entry(true);
    skew = 1; // the clock the gate reads lags the timers by a millisecond
    vi.advanceTimersByTime(ARM_MS);
    expect(gate.armed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(gate.armed()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('a visible entry before arming does not stop the clock from arming', () => {
    const { gate, io, changes } = make();
    io.entry(true);
    vi.advanceTimersByTime(200);
    io.entry(true);
    vi.advanceTimersByTime(300);
    expect(gate.armed()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('an entry without isVisible counts as hidden', () => {
    const { gate, io } = make();
    io.entry(true);
    vi.advanceTimersByTime(ARM_MS);
    io.silent();
    expect(gate.armed()).toBe(false);
  });

  it('stopped: disconnects and is no longer armed', () => {
    const io = fakeObserver();
    const gate = createFrameVisibility(io.factory, () => Date.now());
    const stop = gate.watch(target);
    io.entry(true);
    vi.advanceTimersByTime(ARM_MS);
    expect(gate.armed()).toBe(true);
    stop();
    expect(io.disconnected()).toBe(true);
    expect(gate.armed()).toBe(false);
  });

  it('without the signal (Firefox): never armed, and says it is unsupported', () => {
    const gate = createFrameVisibility(null, () => Date.now());
    gate.watch(target);
    vi.advanceTimersByTime(10 * ARM_MS);
    expect(gate.supported).toBe(false);
    expect(gate.armed()).toBe(false);
  });
});
