import { describe, expect, it } from 'vitest';
import { checkRange, inRange, parseTimeField } from '../../../utils/video-search/time-range';

describe('From/To of a search across videos', () => {
  it.each([
    ['90', 90],
    [' 0 ', 0],
    ['1:30', 90],
    ['75:00', 4500],
    ['0:05', 5],
    ['1:01:30', 3690],
    ['10:00:00', 36000],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseTimeField(text, 'from')).toEqual({ seconds });
  });

  it('an empty field leaves that end open', () => {
    expect(parseTimeField('   ', 'to')).toEqual({ seconds: null });
    expect(checkRange('', '')).toEqual({ ok: true, range: { from: null, to: null } });
    expect(checkRange('1:00', '')).toEqual({ ok: true, range: { from: 60, to: null } });
  });

  it.each(['1:75', '1:5', '1:60:00', '1.5', '90s', 'abc', '1::30', ':30', '1:00:00:00', '99999999999999'])(
    'refuses %j with a sentence naming the three forms',
    (text) => {
      const read = parseTimeField(text, 'from');
      expect(read).toEqual({ message: expect.stringMatching(/^From “.+” is not a time: use seconds \(90\), m:ss/) });
    },
  );

  it('says a negative time is negative, naming the field', () => {
    expect(parseTimeField('-5', 'to')).toEqual({ message: expect.stringMatching(/^To cannot be negative/) });
    expect(checkRange('-1:00', '2:00')).toMatchObject({ ok: false, field: 'from' });
  });

  it('refuses From at or after To, on the To field', () => {
    expect(checkRange('2:00', '1:00')).toEqual({
      ok: false,
      field: 'to',
      message: 'To must be later than From: nothing lies between them.',
    });
    expect(checkRange('60', '1:00')).toMatchObject({ ok: false, field: 'to' });
    expect(checkRange('59', '1:00')).toEqual({ ok: true, range: { from: 59, to: 60 } });
  });

  it('a bad From is reported before the order', () => {
    expect(checkRange('x', '0')).toMatchObject({ ok: false, field: 'from' });
    expect(checkRange('0', 'y')).toMatchObject({ ok: false, field: 'to', message: expect.stringMatching(/^To “y”/) });
  });

  it('inRange includes both ends and treats null as open', () => {
    expect(inRange(60, { from: 60, to: 120 })).toBe(true);
    expect(inRange(120, { from: 60, to: 120 })).toBe(true);
    expect(inRange(59.9, { from: 60, to: 120 })).toBe(false);
    expect(inRange(121, { from: 60, to: null })).toBe(true);
    expect(inRange(0, { from: null, to: 0 })).toBe(true);
  });
});
