import { describe, expect, it } from 'vitest';
import { fixtureAnswer } from '../bench/fetch-fixtures';
import { costFigures, type Load } from '../bench/page-cost-figures';

const load = (threadMs: number, extensionMs: number): Load => ({
  threadMs,
  scriptMs: threadMs / 2,
  styleMs: 1,
  layoutMs: 1,
  shown: true,
  extensionMs,
});

/** The panel's cost figures: differences pair by pair, the page's and the frame's added load by load. */
describe('page cost figures', () => {
  it('subtracts each load without the content script from its pair, and adds both threads load by load', () => {
    const without = [10, 20, 30, 40, 50].map((t) => load(t, 5));
    const withExtension = [15, 26, 37, 48, 59].map((t, i) => load(t, 5 + 10 * (i + 1)));
    const [page, frame, total] = costFigures(without, withExtension, 'no driver attached');
    expect(page?.spread?.samples).toEqual([5, 6, 7, 8, 9]);
    expect(frame?.spread?.samples).toEqual([10, 20, 30, 40, 50]);
    expect(total?.spread?.samples).toEqual([15, 26, 37, 48, 59]);
    expect([page?.value, frame?.value, total?.value]).toEqual([7, 30, 37]);
    expect([page?.meets, frame?.meets, total?.meets]).toEqual([true, true, true]);
    expect(page?.note).toContain('no driver attached');
  });

  it('fails when a load with the content script did not show the cue (its thread time NaN)', () => {
    const without = [10, 10, 10, 10, 10].map((t) => load(t, 0));
    const withExtension = [20, Number.NaN, 20, 20, 20].map((t) => load(t, 0));
    const [page, , total] = costFigures(without, withExtension, 'x');
    expect(page?.value).toBeNaN();
    expect(total?.value).toBeNaN();
  });
});

/** The driverless loads' fixtures, answered over CDP's Fetch domain as routes.ts answers Playwright's routes. */
describe('fixture answers', () => {
  it('serves the watch fixture at its real YouTube URL, on www and m alike', () => {
    for (const host of ['www', 'm']) {
      const { method, params } = fixtureAnswer('r1', `https://${host}.youtube.com/watch?v=tvaAutoGen1`, {});
      expect(method).toBe('Fetch.fulfillRequest');
      const { responseCode, body } = params as { responseCode: number; body: string };
      expect(responseCode).toBe(200);
      expect(Buffer.from(body, 'base64').toString('utf8')).toContain('tvaAutoGen1');
    }
  });

  it('answers a media range with its bytes, as the player asks', () => {
    const { params } = fixtureAnswer('r2', 'https://www.youtube.com/__fixture/media/tvaAutoGen1.wav', {
      Range: 'bytes=0-9',
    });
    const { responseCode, body } = params as { responseCode: number; body: string };
    expect(responseCode).toBe(206);
    expect(Buffer.from(body, 'base64')).toHaveLength(10);
  });

  it('lets the local service through and blocks everything else', () => {
    expect(fixtureAnswer('r3', 'http://127.0.0.1:4321/v1/x', {}).method).toBe('Fetch.continueRequest');
    expect(fixtureAnswer('r4', 'https://fonts.googleapis.com/css', {})).toEqual({
      method: 'Fetch.failRequest',
      params: { requestId: 'r4', errorReason: 'BlockedByClient' },
    });
  });
});
