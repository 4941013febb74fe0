import { describe, expect, it } from 'vitest';
import { channelErrorSentence, errorSentence, itemErrorSentence, requestSentence } from '../../utils/api/error-text';

// A service may send any string as its code: one the prototype also knows is still just an unknown code.
describe.each(['constructor', '__proto__', 'toString'])('the service’s code %s', (code) => {
  it('is an unknown code: the service’s words, else the default sentence', () => {
    expect(errorSentence(code, 'Said.')).toBe('Said.');
    expect(itemErrorSentence(code, 'Said.')).toBe('Said.');
    expect(channelErrorSentence(code, 'Said.')).toBe('Said.');
    expect(requestSentence(code, { serviceMessage: 'Said.' })).toBe('Said.');
    expect(errorSentence(code)).toBe(errorSentence('odd_code'));
    expect(typeof requestSentence(code)).toBe('string');
  });
});
