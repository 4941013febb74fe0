import { describe, expect, it } from 'vitest';
import { channelAlias, channelFromPageUrl, channelPageUrl, isChannelRef } from '../../utils/channel/ref';

const UC = 'UCabcdefghijklmnopqrstuv';

describe('channelFromPageUrl', () => {
  it.each([
    ['https://www.youtube.com/@tvademo', '@tvademo'],
    ['https://www.youtube.com/@tvademo/videos', '@tvademo'],
    ['https://www.youtube.com/@tvademo/streams?x=1', '@tvademo'],
    ['https://m.youtube.com/@tva.demo', '@tva.demo'],
    [`https://www.youtube.com/channel/${UC}`, UC],
    [`https://www.youtube.com/channel/${UC}/videos`, UC],
    ['https://www.youtube.com/c/TvaDemo', 'https://www.youtube.com/c/TvaDemo'],
    ['https://www.youtube.com/user/tvademo/videos', 'https://www.youtube.com/user/tvademo'],
  ])('%s is the channel %s', (href, expected) => {
    expect(channelFromPageUrl(href)).toBe(expected);
  });

  it.each([
    'https://www.youtube.com/watch?v=tvaHuman001',
    'https://www.youtube.com/',
    'https://www.youtube.com/@tvademo/videos/extra',
    'https://www.youtube.com/@tvademo/search',
    'https://www.youtube.com/channel/UCshort',
    'https://evil.example/@tvademo',
    'http://www.youtube.com/@tvademo',
    'https://www.youtube.com/c/a%20b',
    'not a url',
  ])('%s is no channel page', (href) => {
    expect(channelFromPageUrl(href)).toBeNull();
  });

  it('accepts only what it would produce', () => {
    expect(isChannelRef('@tvademo')).toBe(true);
    expect(isChannelRef(UC)).toBe(true);
    expect(isChannelRef('https://www.youtube.com/c/TvaDemo')).toBe(true);
    expect(isChannelRef('https://evil.example/c/x')).toBe(false);
    expect(isChannelRef('@')).toBe(false);
  });
});

describe('channelAlias and channelPageUrl', () => {
  it('files handles and legacy names without case, channel ids exactly; anything else is no alias', () => {
    expect(channelAlias('@TvaDemo')).toBe('@tvademo');
    expect(channelAlias(UC)).toBe(UC);
    expect(channelAlias('https://www.youtube.com/c/TvaDemo')).toBe('https://www.youtube.com/c/tvademo');
    expect(channelAlias('http://youtube.com/user/TvaDemo/videos')).toBe('https://www.youtube.com/user/tvademo');
    expect(channelAlias(`https://www.youtube.com/channel/${UC}`)).toBe(UC);
    expect(channelAlias('https://www.youtube.com/@TvaDemo/streams')).toBe('@tvademo');
    for (const other of ['TVA Demo', 'https://example.com/@tvademo', '', 'ucabcdefghijklmnopqrstuv']) {
      expect(channelAlias(other)).toBeNull();
    }
  });

  it('the page of each reference form', () => {
    expect(channelPageUrl('@tvademo')).toBe('https://www.youtube.com/@tvademo');
    expect(channelPageUrl(UC)).toBe(`https://www.youtube.com/channel/${UC}`);
    expect(channelPageUrl('https://www.youtube.com/c/tvademo')).toBe('https://www.youtube.com/c/tvademo');
  });
});
