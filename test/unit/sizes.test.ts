import { describe, expect, it } from 'vitest';
import { oversized } from './sizes';

describe('the views and pages have no big file and no long function', () => {
  const found = oversized(['components', 'entrypoints'], 300, 100);

  it('no file in components/ and entrypoints/ is over 300 lines', () => {
    expect(found.files).toBeGreaterThan(200);
    expect(found.longFiles).toEqual([]);
  });

  it('no function in components/ and entrypoints/ is over 100 lines', () => {
    expect(found.functions).toBeGreaterThan(1000);
    expect(found.longFunctions).toEqual([]);
  });
});
