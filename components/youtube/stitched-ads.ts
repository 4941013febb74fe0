/**
 * Server-stitched ads. YouTube may play an ad inside the video's own media timeline (no new source, the
 * element's duration includes the ad), so the content's second s sits at media second s + the ads before it.
 * SponsorBlock learns the offset in the page's own world (a patched Array.prototype.push reading YouTube's
 * internal cue objects); this content script stays out of the page's world, so it learns the offset from what
 * the isolated world sees: the player carries `.ad-showing` while the ad plays, and a stitched ad leaves the
 * same source and duration behind with the playhead moved on by the ad's length. A client-side ad changes the
 * source (or the duration, or the playhead starts again), so it is not counted.
 */
export type StitchedAd = {
  /** Media second where the ad starts. */
  at: number;
  length: number;
};

/** Media time of a content time: every ad that starts at or before it pushes it on. */
export function toMedia(content: number, ads: readonly StitchedAd[]): number {
  let media = content;
  for (const ad of ads) if (ad.at <= media) media += ad.length;
  return media;
}

/** Content time of a media time; inside an ad, the content second where the ad sits. */
export function toContent(media: number, ads: readonly StitchedAd[]): number {
  let shift = 0;
  for (const ad of ads) {
    if (media >= ad.at + ad.length) shift += ad.length;
    else if (media >= ad.at) shift += media - ad.at;
  }
  return media - shift;
}

export const stitchedLength = (ads: readonly StitchedAd[]): number => ads.reduce((sum, ad) => sum + ad.length, 0);

type Snapshot = { src: string; duration: number; time: number };
const snapshot = (video: HTMLVideoElement): Snapshot => ({
  src: video.currentSrc || video.src,
  duration: video.duration,
  time: video.currentTime,
});

/** Shorter gaps are a seek or rounding, not an ad. */
const MIN_AD_SECONDS = 1;

/** The ad seen from its start to its end, when it was stitched into this media; otherwise null. */
export function stitchedAd(start: Snapshot, end: Snapshot): StitchedAd | null {
  const sameMedia =
    start.src !== '' &&
    start.src === end.src &&
    Number.isFinite(start.duration) &&
    Math.abs(start.duration - end.duration) < 0.5;
  const length = end.time - start.time;
  if (!sameMedia || length < MIN_AD_SECONDS || length >= start.duration) return null;
  return { at: start.time, length };
}

/**
 * Watches one player's `.ad-showing` (an attribute observer on that element only, so a busy page costs
 * nothing) and keeps the stitched ads of the media it plays; a new source starts a new list.
 */
export function createAdTimeline(isAd: (player: Element) => boolean) {
  let player: Element | null = null;
  let video: HTMLVideoElement | null = null;
  let observer: MutationObserver | null = null;
  let started: Snapshot | null = null;
  let src = '';
  let ads: StitchedAd[] = [];

  const current = (): StitchedAd[] => {
    if (!video || (video.currentSrc || video.src) !== src) return [];
    return ads;
  };

  const onChange = () => {
    if (!player || !video) return;
    if (isAd(player)) {
      started ??= snapshot(video);
      return;
    }
    if (!started) return;
    const ended = snapshot(video);
    const ad = stitchedAd(started, ended);
    started = null;
    if (!ad) return;
    if (ended.src !== src) {
      src = ended.src;
      ads = [];
    }
    ads = [...ads.filter((a) => a.at !== ad.at), ad].sort((a, b) => a.at - b.at);
  };

  return {
    /** Follows this video's player (YouTube may swap both); cheap when nothing changed. */
    track(next: HTMLVideoElement | null, nextPlayer: Element | null): void {
      if (next === video && nextPlayer === player) return;
      observer?.disconnect();
      video = next;
      player = nextPlayer;
      started = null;
      if (!player || !video) return;
      observer = new MutationObserver(onChange);
      observer.observe(player, { attributes: true, attributeFilter: ['class'] });
      onChange();
    },
    ads: current,
    stop(): void {
      observer?.disconnect();
      observer = null;
    },
  };
}
