import { afterEach, describe, expect, it } from 'vitest';
import { costText } from '../../../components/analysis/CostLine';
import { priceText } from '../../../components/transcript/LoadBar';
import { audioOfferSentence } from '../../../components/transcript/TranscriptError';
import { readBundle } from '../../../scripts/locales';
import { setCatalogue } from '../../../utils/i18n/catalogue';
import { KIND_LABEL, MODE_LABEL, modeLabel } from '../../../utils/i18n/labels';
import type { UiLocale } from '../../../utils/i18n/locales';
import type { Estimate } from '../../../utils/panel/replies';
import { quotedEstimate } from '../../builders';

/** The panel's counted and priced sentences (issue 23): the English is what it was, other languages pick by rule. */
const speak = (locale: UiLocale) => setCatalogue(locale, readBundle(locale, 'all'));
afterEach(() => speak('en'));

/** The demo video's priced analysis (test/builders.ts); the panel's words take it as any estimate. */
const estimate = (over: Partial<Estimate>): Estimate => quotedEstimate(over);

const quote = (cloudRequests: number, balance: number | null) => ({
  quoteId: 'q',
  cloudRequests,
  balance,
  audio: null,
});

describe('costs in English, as the panel wrote them by hand before the catalogue', () => {
  it.each([
    [estimate({}), '≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left'],
    [estimate({ aiUnits: 1, balance: null }), '≈ 1 AI Unit (10:24 at 3 per minute)'],
    [
      estimate({ partial: true, minutes: 30, aiUnits: 90 }),
      '≈ 90 AI Units (first 30 min at 3 per minute) · 3,000 left',
    ],
    [estimate({ durationSeconds: null, balance: null }), '≈ 33 AI Units (3 per minute)'],
    [
      estimate({ mode: 'auto', lowAiUnits: 33, aiUnits: 330 }),
      '≈ 33–330 AI Units (auto may choose Deep: 10:24 at 3 per minute) · 3,000 left',
    ],
    [
      estimate({ aiUnits: null, worstCase: 540 }),
      '3 AI Units per minute; the video’s length is not known yet, up to 540 AI Units · 3,000 left',
    ],
    [estimate({ aiUnits: null, balance: null }), '3 AI Units per minute; the video’s length is not known yet'],
    [
      estimate({ durationSeconds: 200, aiUnits: null, pageAiUnits: 12, worstCase: 720 }),
      '≈ 12 AI Units by the page’s length (3:20); the service charges by the real length: up to 720 AI Units · 3,000 left',
    ],
  ])('%#: %s', (e, text) => {
    expect(costText(e)).toBe(text);
  });

  it('a transcript price and the audio offer, one and many', () => {
    expect(priceText(quote(1, 24))).toBe('1 Cloud Request · 24 left');
    expect(priceText(quote(2, null))).toBe('2 Cloud Requests');
    expect(audioOfferSentence({ aiUnitsPerMinute: 1, cloudRequests: 1, paidPlanNeeded: false })).toBe(
      'Transcription from the video’s audio is available on your plan at 1 AI Unit per minute + 1 Cloud Request.',
    );
    expect(audioOfferSentence({ aiUnitsPerMinute: 6, cloudRequests: 2, paidPlanNeeded: true })).toBe(
      'Transcription from the video’s audio is available on paid plans (or with an AI Unit top-up) at 6 AI Units per minute + 2 Cloud Requests.',
    );
  });
});

describe('in other languages', () => {
  it('German groups thousands its own way and counts in its words', () => {
    speak('de');
    expect(costText(estimate({}))).toBe('≈ 33 KI-Einheiten (10:24 zu 3 pro Minute) · 3.000 übrig');
    expect(priceText(quote(1, 1200))).toBe('1 Cloud Request · 1.200 übrig');
  });

  it('Arabic picks each of its six plural forms for a price', () => {
    speak('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((n) => priceText(quote(n, null)));
    expect(new Set(forms).size).toBe(6);
    expect(forms[1]).toBe('طلب Cloud Request واحد');
    expect(forms[2]).toBe('طلبا Cloud Request');
    expect(forms[3]).toContain('طلبات');
  });

  it('Japanese has one form, and the timestamp inside a cost stays m:ss', () => {
    speak('ja');
    expect(costText(estimate({ balance: null }))).toBe('≈ 33 AI ユニット(10:24、1 分あたり 3)');
  });

  it('mode and evidence names follow the language when read, also through the old lookup objects', () => {
    expect(MODE_LABEL.deep).toBe('Deep');
    speak('fr');
    expect(modeLabel('deep')).toBe('Approfondi');
    expect(MODE_LABEL.deep).toBe('Approfondi');
    expect(KIND_LABEL.visual).toBe('Image');
    expect(KIND_LABEL.unknown).toBeNull();
  });
});
