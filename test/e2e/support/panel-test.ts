import { test as base } from '../fixtures';
import { type MediaLengths, serveSeekableMedia } from './media';

/**
 * The shared fixtures; `mediaLengths` changes a video's length for one file or test
 * (`null`: the player never learns it). The fixture routes already serve seekable media.
 */
export const test = base.extend<{ mediaLengths: MediaLengths }>({
  mediaLengths: [{}, { option: true }],
  context: async ({ context, mediaLengths }, use) => {
    await serveSeekableMedia(context, mediaLengths);
    await use(context);
  },
});

export { expect, panel } from '../fixtures';
