// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ago } from '../../components/channel/ago';
import { Phrase } from '../../components/channel/Phrase';
import { etaText } from '../../components/channel/RunProgress';
import { holdingsText, rebuyText } from '../../entrypoints/library/words';
import { readBundle } from '../../scripts/locales';
import { setCatalogue } from '../../utils/i18n/catalogue';
import type { LibraryItem } from '../../utils/library/replies';

const inLocale = (tag: 'en' | 'ar' | 'de' | 'ja') => setCatalogue(tag, readBundle(tag, 'all'));

afterEach(() => {
  cleanup();
  inLocale('en');
});

const item = (over: Partial<LibraryItem> = {}) =>
  ({
    videoId: 'tvaHuman001',
    title: 'A talk',
    channel: 'TVA Demo',
    savedAt: 0,
    bytes: 2048,
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    transcript: { tracks: 1, durationSeconds: 750 },
    analysis: { mode: 'smart', aiUnits: 12 },
    questions: { count: 2 },
    ...over,
  }) as unknown as LibraryItem;

describe('words of the channel views and the library, by locale (issue 23)', () => {
  it('says when a listing was made as before in English, and by the plural rules of Arabic', () => {
    const now = 10_000_000;
    expect(ago(now - 30_000, now)).toBe('just now');
    expect(ago(now - 60_000, now)).toBe('1 minute ago');
    expect(ago(now - 47 * 3_600_000, now)).toBe('47 hours ago');
    expect(ago(now - 72 * 3_600_000, now)).toBe('3 days ago');
    inLocale('ar');
    expect(ago(now - 2 * 60_000, now)).toBe('منذ دقيقتين');
    expect(ago(now - 5 * 60_000, now)).toBe('منذ 5 دقائق');
    expect(ago(now - 11 * 60_000, now)).toBe('منذ 11 دقيقة');
  });

  it('gives the wait at the rate limit in whole sentences, one and other', () => {
    expect(etaText(3)).toBe('A few seconds left at your plan’s rate limit.');
    expect(etaText(1 * 60 + 29)).toBe('About 89 seconds left at your plan’s rate limit.');
    expect(etaText(90)).toBe('About 2 minutes left at your plan’s rate limit.');
    inLocale('de');
    expect(etaText(60 * 60)).toBe('Noch etwa 60 Minuten beim Ratenlimit deines Tarifs.');
  });

  it('keeps a title inside a sentence in its own direction, the sentence whole', () => {
    const { container } = render(
      <p>
        <Phrase k="channel.view.failed" data={{ message: 'لا يمكن سرد القناة.' }} />
      </p>,
    );
    expect(container.textContent).toBe('لا يمكن سرد القناة. Nothing was charged.');
    expect(container.querySelector('span[dir=auto]')?.textContent).toBe('لا يمكن سرد القناة.');
  });

  it('names what a video holds and what getting it back costs, lists joined as the language joins them', () => {
    expect(holdingsText(item())).toEqual(['Transcript 12:30', 'Analysis (Smart)', '2 questions']);
    expect(rebuyText(item())).toBe(
      'Getting it back costs 1 Cloud Request for the transcript, up to 12 AI Units for the Smart analysis, 2 AI Units to ask 2 questions again.',
    );
    expect(rebuyText(item({ transcript: null, analysis: null, questions: null }))).toBe('Nothing paid is held for it.');
    inLocale('ja');
    expect(holdingsText(item())).toEqual(['文字起こし 12:30', '分析 (スマート)', '質問 2 件']);
    expect(rebuyText(item({ analysis: null, questions: null }))).toBe(
      '取り戻すには 文字起こしに 1 Cloud Request かかります。',
    );
  });
});
