/**
 * Cues in the languages the service returns, and queries whose hits were written by hand: words inside runs
 * written without spaces, pairs that differ by a mark that carries meaning (が/か, Indic vowel signs, Thai
 * tone marks, Arabic hamza), accented and unaccented Latin, and cues mixing scripts.
 *
 * `library`: the cues (by index) the library's search finds, and the panel's "Search transcript" too (the same
 * word rules: utils/search/cue-search.ts); `marks`: what both mark in the first of them.
 */
export type CorpusQuery = { q: string; library: number[]; marks?: string[] };
export type CorpusLanguage = { lang: string; cues: string[]; queries: CorpusQuery[] };

export const CORPUS: readonly CorpusLanguage[] = [
  {
    lang: 'en',
    cues: [
      'The library opened in Osaka today',
      'Libraries hold books',
      'We visited the new café',
      'Tokyo (東京) is big',
      'Concatenate the strings, then the cat sleeps',
    ],
    queries: [
      { q: 'library', library: [0], marks: ['library'] },
      { q: 'libr', library: [0, 1], marks: ['library'] },
      { q: 'libary', library: [0], marks: ['library'] },
      { q: 'cafe', library: [2], marks: ['café'] },
      { q: '東京', library: [3], marks: ['東京'] },
      { q: 'cat', library: [4], marks: ['cat'] },
      { q: 'concat', library: [4], marks: ['Concatenate'] },
    ],
  },
  {
    lang: 'es',
    cues: ['¿Cómo estás? Muy bien', 'El niño come manzanas', 'La canción del verano'],
    queries: [
      { q: 'como', library: [0], marks: ['Cómo'] },
      { q: 'nino', library: [1], marks: ['niño'] },
      { q: 'canción', library: [2], marks: ['canción'] },
      { q: 'año', library: [] },
    ],
  },
  {
    lang: 'pt',
    cues: ['A educação é importante', 'Não sei o que fazer', 'Coração de estudante'],
    queries: [
      { q: 'educacao', library: [0], marks: ['educação'] },
      { q: 'nao', library: [1], marks: ['Não'] },
      { q: 'CORAÇÃO', library: [2], marks: ['Coração'] },
    ],
  },
  {
    lang: 'de',
    cues: ['Die Straße ist lang', 'Über den Fluss', 'Schöne Grüße aus München'],
    queries: [
      { q: 'strasse', library: [0], marks: ['Straße'] },
      { q: 'uber', library: [1], marks: ['Über'] },
      { q: 'grüsse munchen', library: [2], marks: ['Grüße', 'München'] },
    ],
  },
  {
    lang: 'fr',
    cues: ['Le garçon mange une pêche', 'Il a péché hier', 'Déjà vu'],
    queries: [
      { q: 'peche', library: [0, 1], marks: ['pêche'] },
      { q: 'garcon', library: [0], marks: ['garçon'] },
      { q: 'deja', library: [2], marks: ['Déjà'] },
    ],
  },
  {
    lang: 'ja',
    cues: [
      '今日は大阪の新しい図書館について話します',
      '京都大学の図書館は広い',
      'がっこうに行きます',
      'かっこういいですね',
      'iPhoneで写真を撮る',
      'ｶﾞｲﾄﾞを読む',
    ],
    queries: [
      { q: '図書館', library: [0, 1], marks: ['図書館'] },
      { q: '大阪', library: [0], marks: ['大阪'] },
      { q: '京都', library: [1], marks: ['京都'] },
      { q: 'がっこう', library: [2], marks: ['が', 'っ', 'こう'] },
      { q: 'かっこう', library: [3], marks: ['かっこう'] },
      { q: 'iphone', library: [4], marks: ['iPhone'] },
      { q: '写真', library: [4], marks: ['写真'] },
      { q: 'ガイド', library: [5], marks: ['ｶﾞｲﾄﾞ'] },
    ],
  },
  {
    lang: 'zh',
    cues: ['我们今天去图书馆看书', '北京大学的图书馆很大', '他喜欢喝茶'],
    queries: [
      { q: '图书馆', library: [0, 1], marks: ['图书', '馆'] },
      { q: '北京', library: [1], marks: ['北京'] },
      { q: '茶', library: [2], marks: ['喝茶'] },
    ],
  },
  {
    lang: 'ko',
    cues: ['도서관에서 책을 읽어요', '서울은 큰 도시입니다', '한국어를 배워요'],
    queries: [
      { q: '도서관', library: [0], marks: ['도서관에서'] },
      { q: '서울 도시', library: [1], marks: ['서울은', '도시입니다'] },
      { q: '한국어', library: [2], marks: ['한국어를'] },
    ],
  },
  {
    lang: 'th',
    cues: ['วันนี้ฉันไปห้องสมุด', 'ห้องเรียนใหญ่มาก', 'ฉันชอบกินข้าว'],
    queries: [
      { q: 'ห้องสมุด', library: [0], marks: ['ห้อง', 'สมุด'] },
      { q: 'ห้อง', library: [0, 1], marks: ['ห้อง'] },
      { q: 'ข้าว', library: [2], marks: ['ข้าว'] },
      { q: 'ขาว', library: [] },
    ],
  },
  {
    lang: 'hi',
    cues: ['मुझे हिन्दी पसंद है', 'हिंदी भाषा', 'कमल का फूल', 'कमाल का खेल'],
    queries: [
      { q: 'हिन्दी', library: [0], marks: ['हिन्दी'] },
      { q: 'कमल', library: [2], marks: ['कमल'] },
      { q: 'कमाल', library: [3], marks: ['कमाल'] },
      { q: 'हन्द', library: [] },
    ],
  },
  {
    lang: 'ar',
    cues: ['مُحَمَّد في المكتبة', 'أحمد يقرأ كتابا', 'احمد في البيت'],
    queries: [
      { q: 'محمد', library: [0], marks: ['مُحَمَّد'] },
      { q: 'المكتبة', library: [0], marks: ['المكتبة'] },
      { q: 'أحمد', library: [1], marks: ['أحمد'] },
      { q: 'احمد', library: [2], marks: ['احمد'] },
    ],
  },
  {
    lang: 'he',
    cues: ['שָׁלוֹם עוֹלָם', 'שלום חברים', 'ספר טוב'],
    queries: [
      { q: 'שלום', library: [0, 1], marks: ['שָׁלוֹם'] },
      { q: 'עולם', library: [0], marks: ['עוֹלָם'] },
      { q: 'ספר', library: [2], marks: ['ספר'] },
    ],
  },
];
