import type { Page } from '@playwright/test';
import { findVideo } from '../../service/catalog';
import { CHANNELS } from '../../service/channels-data';
import { expect } from '../fixtures';
import { confirmBulk, listUploads, selectVideos } from './bulk';
import { hostOf } from './panel';
import type { TestService } from './service';

const DEMO = CHANNELS.find((c) => c.handle === 'tvademo');

/**
 * A saved track of `videoId` whose captions stop after `seconds` (as a real track may, long before its video
 * ends), bought on the @tvademo channel `page` without the video's page ever being open: the service lists
 * the video among the channel's uploads and sends the short captions. Both requests are processed and
 * charged as usual; only their answers' bodies are replaced.
 */
export async function buyShortTrack(service: TestService, page: Page, videoId: string, seconds: number) {
  const video = findVideo(videoId);
  const balances = { cloudRequestsRemaining: 3_000, aiUnitsRemaining: 10_000 };
  await service.control('faults', {
    path: '/api/channels',
    processFirst: true,
    body: {
      results: [
        {
          id: '@tvademo',
          channelId: DEMO?.channelId,
          handle: '@tvademo',
          title: DEMO?.title,
          videoCount: 1,
          truncated: false,
          videos: [{ id: video.id, title: video.title, author: video.author, publishedAt: '2025-06-01T00:00:00Z' }],
        },
      ],
      ...balances,
    },
  });
  const segments = [];
  for (let start = 0; start < seconds; start += 4)
    segments.push({ text: `Opening words ${start}`, start, duration: 4 });
  const track = { language: 'English', languageCode: 'en', isGenerated: false };
  const text = segments.map((s) => s.text).join(' ');
  await service.control('faults', {
    path: '/api/transcripts',
    processFirst: true,
    body: {
      results: [{ id: video.id, title: video.title, author: video.author, ...track, text, segments }],
      ...balances,
      creditsRemaining: balances.cloudRequestsRemaining,
    },
  });
  await listUploads(page);
  await selectVideos(page, [videoId]);
  await confirmBulk(page);
  await expect(hostOf(page).getByText(/^1 done · 0 failed · 0 left · finished/)).toBeVisible();
}
