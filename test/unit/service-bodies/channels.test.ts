import { describe, expect, it } from 'vitest';
import { clientServing } from './serve';

describe('channel bodies of the corpus', () => {
  it('channels-string-counts-nulls.json: numeric strings, null title, missing author, a failed channel', async () => {
    const { client, seen } = clientServing('channels-string-counts-nulls.json');
    const response = await client.channels(['@tvademo', '@nobody']);
    expect(response.results).toEqual([
      {
        id: '@tvademo',
        channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx',
        title: '@tvademo',
        videoCount: 2,
        truncated: false,
        videos: [
          { id: 'aaaaaaaaaaa', title: 'First', author: '' },
          { id: 'bbbbbbbbbbb', title: 'bbbbbbbbbbb', author: 'X' },
        ],
      },
      { id: '@nobody', error: 'channel_not_found' },
    ]);
    expect(seen).toEqual([{ cloudRequests: 998 }]);
  });
});
