import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { MAX_VIDEO_SECONDS } from '../../../utils/bounds';
import { createSerial } from '../../../utils/serial';

/** Lengths kept for the session, newest last: enough for every video a person opens in a day. */
const KEPT = 500;
const item = storage.defineItem<Record<string, unknown>>('session:videoLengths', { fallback: {} });
const serial = createSerial();
const Length = z.number().positive().max(MAX_VIDEO_SECONDS);

/**
 * Video lengths the main player reported to a panel in this browser session (never during an ad), by video
 * id: what lets the context menu price an analysis of a video whose page was open, instead of trusting a
 * saved track's last cue, which can stop long before the video does.
 */
export const videoLengths = {
  seen(videoId: string, seconds: number | undefined): Promise<void> {
    if (!Length.safeParse(seconds).success) return Promise.resolve();
    return serial(async () => {
      const { [videoId]: _old, ...rest } = (await item.getValue()) ?? {};
      const kept = Object.entries(rest).slice(-(KEPT - 1));
      await item.setValue({ ...Object.fromEntries(kept), [videoId]: seconds });
    });
  },
  async of(videoId: string): Promise<number | undefined> {
    const all = await item.getValue();
    const parsed = Length.safeParse(all?.[videoId]);
    return parsed.success ? parsed.data : undefined;
  },
};
