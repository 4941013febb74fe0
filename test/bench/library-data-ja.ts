import { type BenchCue, type BenchTranscript, rng } from './library-data';

/**
 * 1,000 generated saved Japanese transcripts of 10–60 minutes: sentences of everyday patterns around nouns
 * drawn by Zipf's law from a list of real words (so the platform's segmenter cuts them as it cuts real
 * speech, written without spaces). Deterministic, so every run searches the same library.
 */
export const JA_WORDS = (
  '東京 大阪 京都 図書館 大学 先生 学生 経済 政治 技術 研究 音楽 映画 写真 料理 旅行 天気 電車 会社 仕事 病院 ' +
  '医者 科学 歴史 文化 言語 日本語 英語 数学 物理 化学 宇宙 地球 環境 問題 計画 会議 情報 社会 世界 国際 平和 ' +
  '自然 動物 植物 季節 新聞 雑誌 番組 放送 選挙 法律 裁判 警察 建築 設計 開発 製品 市場 価格 銀行 投資 通貨 ' +
  '貿易 農業 漁業 工業 産業 交通 道路 空港 公園 美術館 博物館 動物園 富士山 北海道 沖縄 九州 名古屋 横浜 神戸 ' +
  '福岡 札幌 仙台 広島 コンピューター インターネット ソフトウェア データ ネットワーク セキュリティ プログラム ' +
  'デザイン マーケティング スポーツ サッカー 野球 テニス ラーメン 寿司 カレー コーヒー 紅茶 野菜 果物 電話 ' +
  '手紙 家族 友達 子供 病気 健康 運動 教育 試験 宿題 授業 図書 辞書 地図 時計 自転車 飛行機 新幹線 温泉 祭り'
).split(' ');

const PATTERNS = [
  (a: string, b: string) => `今日は${a}の${b}について話します`,
  (a: string, b: string) => `${a}と${b}はとても大切です`,
  (a: string) => `それでは${a}を見てみましょう`,
  (a: string, b: string) => `${a}で${b}を作りました`,
  (a: string) => `皆さんは${a}が好きですか`,
  (a: string) => `この${a}はとても面白いです`,
];

export function generateJapaneseLibrary(videos = 1000): BenchTranscript[] {
  const random = rng(43);
  const harmonic: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= JA_WORDS.length; rank++) {
    total += 1 / rank;
    harmonic.push(total);
  }
  const zipf = () => {
    const x = random() * total;
    const at = harmonic.findIndex((h) => h >= x);
    return JA_WORDS[at < 0 ? JA_WORDS.length - 1 : at] ?? '東京';
  };
  const sentence = () => (PATTERNS[Math.floor(random() * PATTERNS.length)] ?? PATTERNS[0])?.(zipf(), zipf()) ?? '';
  const transcripts: BenchTranscript[] = [];
  for (let v = 0; v < videos; v++) {
    const seconds = (10 + Math.floor(random() * 51)) * 60;
    const segments: BenchCue[] = [];
    for (let start = 0; start < seconds; start += 3) {
      segments.push({ text: `${sentence()}。${sentence()}。`, start, duration: 3 });
    }
    transcripts.push({
      videoId: `benchja${String(v).padStart(4, '0')}`,
      title: `${zipf()}の話 ${v}`,
      author: `チャンネル ${v % 40}`,
      language: 'Japanese',
      languageCode: 'ja',
      isGenerated: v % 3 === 0,
      text: segments.map((s) => s.text).join(' '),
      segments,
    });
  }
  return transcripts;
}

/**
 * What people type: words common to rare, a word inside a longer one (図書 in 図書館), katakana, two words; and
 * one that is nowhere. `meant`: the words every first result's video holds; empty: nothing is found.
 */
export const JA_QUERIES: readonly { query: string; meant: string[] }[] = [
  ...['東京', '京都', '図書館', '経済', '環境', '美術館', '新幹線', '温泉'].map((w) => ({ query: w, meant: [w] })),
  { query: 'コンピューター', meant: ['コンピューター'] },
  { query: 'マーケティング', meant: ['マーケティング'] },
  { query: '大阪 図書館', meant: ['大阪', '図書館'] },
  { query: '寿司 ラーメン', meant: ['寿司', 'ラーメン'] },
  { query: '図書', meant: ['図書'] },
  { query: '量子力学', meant: [] },
];
