import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Route } from '@playwright/test';
import { findVideo } from '../service/catalog';

/**
 * The demo's YouTube pages (test/demo/page/): a watch page and a channel page that look like YouTube at a glance,
 * drawn locally, over the structure the content script needs. Only the demo serves them, on top of the e2e
 * fixtures (test/fixtures/routes.ts), which stay as they are: the e2e suite never loads these.
 */
const DIR = join(import.meta.dirname, 'page');
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ICONS = new Map(
  [...read('icons.html').matchAll(/<template id="([a-z-]+)">([\s\S]*?)<\/template>/g)].map((m) => [m[1], m[2]]),
);

/** Fills `{{ICON:name}}` with its inline SVG; an unknown icon is a mistake in the page, not a blank. */
function withIcons(html: string): string {
  return html.replace(/\{\{ICON:([a-z-]+)\}\}/g, (_, name: string) => {
    const svg = ICONS.get(name);
    if (svg === undefined) throw new Error(`No demo icon named ${name}`);
    return svg;
  });
}

export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(Math.floor(seconds % 60)).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Thumbnails are drawn: a gradient, a word, the duration. */
type Card = { id: string; word: string; colors: [string, string]; views: string; age: string };

const RELATED: Card[] = [
  {
    id: 'tvaFlaky001',
    word: 'CONSENSUS in 5 min',
    colors: ['#1a73e8', '#0b1d33'],
    views: '92K views',
    age: '2 weeks ago',
  },
  { id: 'tvaLong4h01', word: 'RUST WORKSHOP', colors: ['#e65100', '#4e342e'], views: '310K views', age: '1 year ago' },
  {
    id: 'tvaAutoGen1',
    word: 'ESPRESSO at home',
    colors: ['#6d4c41', '#212121'],
    views: '1.2M views',
    age: '8 months ago',
  },
  { id: 'tvaNoCapti1', word: 'BALCONY GARDEN', colors: ['#2e7d32', '#1b5e20'], views: '45K views', age: '5 days ago' },
  {
    id: 'tvaMarathn1',
    word: 'NIGHT SKY marathon',
    colors: ['#311b92', '#000000'],
    views: '18K views',
    age: '3 weeks ago',
  },
  {
    id: 'tvaSpanish1',
    word: 'COCINA mediterránea',
    colors: ['#f9a825', '#c62828'],
    views: '260K views',
    age: '4 months ago',
  },
  {
    id: 'tvaDisable1',
    word: 'ASTRONOMY live',
    colors: ['#0d47a1', '#000000'],
    views: '7.4K views',
    age: 'Streamed 2 days ago',
  },
  {
    id: 'tvaAgeRest1',
    word: 'FINANCE after dark',
    colors: ['#37474f', '#000000'],
    views: '51K views',
    age: '1 month ago',
  },
];

function thumb(card: Card): string {
  const video = findVideo(card.id);
  return (
    `<span class="thumb" style="background: linear-gradient(135deg, ${card.colors[0]}, ${card.colors[1]})">` +
    `<span class="word">${escapeHtml(card.word)}</span>` +
    `<span class="duration">${clock(video.durationSeconds)}</span></span>`
  );
}

function relatedItem(card: Card): string {
  const video = findVideo(card.id);
  return (
    `<a class="related-item" href="/watch?v=${card.id}">${thumb(card)}<span class="meta">` +
    `<h3>${escapeHtml(video.title)}</h3><p>${escapeHtml(video.author)}</p><p>${card.views} • ${card.age}</p>` +
    '</span></a>'
  );
}

function gridItem(card: Card): string {
  const video = findVideo(card.id);
  return (
    `<a class="grid-item" href="/watch?v=${card.id}">${thumb(card)}` +
    `<h3>${escapeHtml(video.title)}</h3><p>${card.views} • ${card.age}</p></a>`
  );
}

const MAIN: Card = {
  id: 'tvaHuman001',
  word: 'DISTRIBUTED SYSTEMS',
  colors: ['#1e3a5f', '#06101c'],
  views: '186K views',
  age: '3 months ago',
};

function page(name: string, fill: Record<string, string>): string {
  let html = read(name).replaceAll('{{MASTHEAD}}', read('masthead.html'));
  for (const [key, value] of Object.entries(fill)) html = html.replaceAll(`{{${key}}}`, value);
  return withIcons(html);
}

/** The demo watch page for a video, with its title and length from the local service's catalog. */
export function demoWatchPage(id: string): string {
  const video = findVideo(id);
  return page('watch.html', {
    VIDEO_ID: escapeHtml(id),
    TITLE: escapeHtml(video.title),
    DURATION: clock(video.durationSeconds),
    RELATED: RELATED.filter((card) => card.id !== id)
      .map(relatedItem)
      .join('\n'),
  });
}

/** The demo channel page of TVA Demo: its banner, header, tabs and a grid of its videos. */
export function demoChannelPage(): string {
  return page('channel.html', { GRID: [MAIN, ...RELATED].map(gridItem).join('\n') });
}

const ID = /^[A-Za-z0-9_-]{11}$/;
const html = (body: string) => ({ status: 200, contentType: 'text/html; charset=utf-8', body });

async function serve(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (url.pathname === '/__demo/youtube-demo.css') {
    return route.fulfill({ status: 200, contentType: 'text/css', body: read('youtube-demo.css') });
  }
  if (url.pathname === '/__demo/player.js') {
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: read('player.js') });
  }
  const v = url.searchParams.get('v');
  if (url.pathname === '/watch' && v && ID.test(v)) return route.fulfill(html(demoWatchPage(v)));
  if (/^\/@tvademo(\/|$)/.test(url.pathname)) return route.fulfill(html(demoChannelPage()));
  return route.fallback();
}

/** Serves the demo pages in this context, before the fixtures (a route added later is asked first). */
export async function routeDemo(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/www\.youtube\.com\/(watch\?|@tvademo|__demo\/)/, serve);
}
