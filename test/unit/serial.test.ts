import { describe, expect, it } from 'vitest';
import { createSerial } from '../../utils/serial';

describe('createSerial', () => {
  it('runs read-modify-write tasks one at a time, so no write is lost', async () => {
    const serial = createSerial();
    let stored = 0;
    const increment = () =>
      serial(async () => {
        const read = stored;
        await new Promise((r) => setTimeout(r, 1));
        stored = read + 1;
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(stored).toBe(20);
  });

  it('keeps going after a task fails, and the failure reaches its caller', async () => {
    const serial = createSerial();
    const order: string[] = [];
    const failed = serial(async () => {
      order.push('a');
      throw new Error('boom');
    });
    const next = serial(async () => {
      order.push('b');
      return 'ok';
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
    expect(order).toEqual(['a', 'b']);
  });
});
