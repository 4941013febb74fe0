import type { Rng } from './prng';

/** Vocabulary of the synthetic videos: a topic gives the nouns that sentences, frames and titles talk about. */
export type Topic = { name: string; nouns: readonly string[] };

export const ENGLISH_TOPICS: readonly Topic[] = [
  {
    name: 'Distributed Systems',
    nouns: ['consensus', 'replication', 'latency', 'partitions', 'leader election', 'quorum', 'the log', 'clusters'],
  },
  { name: 'Home Espresso', nouns: ['the grinder', 'crema', 'extraction', 'pressure', 'tamping', 'the roast', 'milk'] },
  {
    name: 'Urban Gardening',
    nouns: ['compost', 'seedlings', 'the balcony', 'tomatoes', 'watering', 'soil', 'sunlight'],
  },
  {
    name: 'Astronomy for Beginners',
    nouns: ['the telescope', 'galaxies', 'orbits', 'eclipses', 'nebulae', 'the moon'],
  },
  {
    name: 'Personal Finance',
    nouns: ['the budget', 'savings', 'interest', 'index funds', 'inflation', 'debt', 'taxes'],
  },
  {
    name: 'Learning Rust',
    nouns: ['ownership', 'borrowing', 'lifetimes', 'traits', 'the compiler', 'memory', 'macros'],
  },
];

export const SPANISH_TOPIC: Topic = {
  name: 'Cocina mediterránea',
  nouns: ['la receta', 'el tomate', 'el aceite', 'el horno', 'la masa', 'la cebolla', 'el ajo', 'las especias'],
};

/** The Japanese video's topic (tvaJapanes1): its cues name 大阪 and 図書館 inside sentences without spaces. */
export const JAPANESE_TOPIC: Topic = {
  name: '大阪の図書館',
  nouns: ['図書館', '大阪', '本棚', '閲覧室', '司書', '貸出', '古い地図'],
};

export type Style = 'en' | 'es' | 'ja';

const JA_SENTENCES = [
  'この部分では{a}が{b}にどう関わるかを見ます。',
  '{a}について、よくある質問にお答えします。',
  '画面で{a}の様子をお見せしましょう。',
  '{a}と{b}の関係を考えてみましょう。',
  'まとめると、{a}は{b}によって変わります。',
  '最後にもう一度{a}に戻ります。',
];

const EN_SENTENCES = [
  'In this part we look at how {a} affects {b}.',
  'The introduction already mentioned {a}, so let us build on that.',
  'A common mistake is to ignore {a} when you think about {b}.',
  'Here is a quick example of {a} in practice.',
  'If you remember one thing, remember that {a} matters more than {b}.',
  'Let me show you on the screen what {a} looks like.',
  'Many viewers asked about {a}, and it is a fair question.',
  'Notice how {a} changes once we adjust {b}.',
  'This is where {a} and {b} start to interact.',
  'We will come back to {a} in the conclusion.',
  'To summarize this section, {a} depends on {b}.',
  'The numbers on this chart show {a} over time.',
  'Before moving on, let us check our understanding of {a}.',
  'Experts disagree about {a}, but the evidence points to {b}.',
  'The first time I tried this, {a} went completely wrong.',
  'You can measure {a} with surprisingly simple tools.',
  'Think of {a} as the foundation and {b} as the walls.',
  'So why does {a} matter for beginners?',
];

const ES_SENTENCES = [
  'En esta parte vemos cómo {a} afecta a {b}.',
  'Un error común es olvidar {a} cuando pensamos en {b}.',
  'Aquí tienes un ejemplo sencillo de {a}.',
  'Fíjate en cómo cambia {a} cuando ajustamos {b}.',
  'Volveremos a {a} en la conclusión.',
  'Para resumir, {a} depende de {b}.',
  'Mucha gente pregunta por {a}, y es una buena pregunta.',
  'La introducción ya habló de {a}, así que seguimos desde ahí.',
  'Ahora os enseño en pantalla cómo queda {a}.',
];

const FRAMES = [
  'Slide titled "{A}" with three bullet points',
  'Presenter at a whiteboard sketching {a}',
  'Diagram connecting {a} and {b} with arrows',
  'Bar chart comparing {a} across four groups',
  'Title card reading "{T}: {A}"',
  'Screen recording demonstrating {a} step by step',
  'Presenter speaking to camera in a bright studio',
  'Side-by-side comparison of {a} before and after',
  'Close-up of hands working on {a}',
  'Table of numbers about {b} with one row highlighted',
];

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function fill(template: string, topic: Topic, rng: Rng): string {
  const a = rng.pick(topic.nouns);
  let b = rng.pick(topic.nouns);
  if (b === a) b = topic.nouns.find((noun) => noun !== a) ?? b;
  return template
    .replaceAll('{a}', a)
    .replaceAll('{b}', b)
    .replaceAll('{A}', capitalize(a))
    .replaceAll('{T}', topic.name);
}

const SENTENCES: Record<Style, readonly string[]> = { en: EN_SENTENCES, es: ES_SENTENCES, ja: JA_SENTENCES };

export function sentence(language: Style, topic: Topic, rng: Rng): string {
  return capitalize(fill(rng.pick(SENTENCES[language]), topic, rng));
}

export function openingSentence(language: Style, topic: Topic): string {
  if (language === 'ja') return `今日は${topic.name}についてお話しします。`;
  return language === 'es'
    ? `Bienvenidos a esta introducción sobre ${topic.name.toLowerCase()}.`
    : `Welcome to this introduction to ${topic.name.toLowerCase()}.`;
}

export function closingSentence(language: Style, topic: Topic): string {
  if (language === 'ja') return `${topic.name}のお話はここまでです。`;
  return language === 'es'
    ? `Y con esto llegamos a la conclusión sobre ${topic.name.toLowerCase()}.`
    : `That brings us to the conclusion of this video on ${topic.name.toLowerCase()}.`;
}

export function frameDescription(topic: Topic, rng: Rng): string {
  return fill(rng.pick(FRAMES), topic, rng);
}

/** Automatic captions: lower case, no punctuation. */
export function asAutoCaption(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,?!"]/g, '')
    .trim();
}
