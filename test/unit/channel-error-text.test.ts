import { describe, expect, it } from 'vitest';
import { channelErrorSentence, itemErrorSentence } from '../../utils/api/error-text';

describe('a channel’s failures are worded about the channel', () => {
  it('each per-channel code of the spec (invalid_id, channel_not_found, internal) speaks of a channel, never a video', () => {
    for (const code of ['invalid_id', 'channel_not_found', 'internal']) {
      const sentence = channelErrorSentence(code, 'the service’s own words');
      expect(sentence).toMatch(/channel/);
      expect(sentence).not.toMatch(/video/);
    }
    expect(channelErrorSentence('invalid_id')).toBe(
      'That is not a valid channel: the service takes an @handle, a channel address or a channel id beginning with UC.',
    );
    // The same codes inside a transcripts batch still speak of the video.
    expect(itemErrorSentence('invalid_id')).toBe('This is not a valid video id.');
    expect(itemErrorSentence('internal')).toMatch(/this video/);
  });

  it('an unknown code keeps the service’s message, else a sentence about listing the channel', () => {
    expect(channelErrorSentence('odd_code', 'Odd.')).toBe('Odd.');
    expect(channelErrorSentence('odd_code')).toBe('The service could not list this channel.');
  });
});
