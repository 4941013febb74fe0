import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../components/youtube/lazy-module';

describe('lazyModule', () => {
  it('loads once and hands every caller the same module', async () => {
    let loads = 0;
    const get = lazyModule(async () => {
      loads += 1;
      return { name: 'tabs' };
    });
    expect(get.asked()).toBe(false);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
    expect(get.asked()).toBe(true);
  });

  it('forgets a failed load, so the next call loads again', async () => {
    const outcomes: Array<() => Promise<string>> = [
      () => Promise.reject(new Error('chunk gone')),
      () => Promise.resolve('channel'),
    ];
    const get = lazyModule(() => (outcomes.shift() ?? (() => Promise.reject(new Error('once too often'))))());
    await expect(get()).rejects.toThrow('chunk gone');
    expect(get.asked()).toBe(false);
    await expect(get()).resolves.toBe('channel');
    expect(get.asked()).toBe(true);
    await expect(get()).resolves.toBe('channel');
  });

  it('lets a load that throws at once throw to its caller and remember nothing', async () => {
    let calls = 0;
    const get = lazyModule<string>(() => {
      calls += 1;
      if (calls === 1) throw new Error('extension context invalidated');
      return Promise.resolve('page');
    });
    expect(() => get()).toThrow('extension context invalidated');
    expect(get.asked()).toBe(false);
    await expect(get()).resolves.toBe('page');
  });
});
