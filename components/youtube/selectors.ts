/**
 * Every YouTube selector the player bridge and the markers depend on, each with the page it is for. The
 * fixtures (test/fixtures/) model these; test/unit/selectors.test.ts fails loudly when a fixture loses one.
 */
export const SELECTORS = {
  /** watch: the watch page's video inside a watch layout that is showing (YouTube keeps old ones, `hidden`). */
  watchVideo: 'ytd-watch-flexy:not([hidden]) #movie_player video.html5-main-video',
  /** watch, live, embed: the main player's video where there is no watch layout around it. */
  mainVideo: '#movie_player video.html5-main-video',
  /** shorts: the reel player's video. */
  shortsVideo: 'ytd-shorts #shorts-player video',
  /** any player: the element that carries `.ad-showing` while an ad plays in its <video>. */
  playerOfVideo: '.html5-video-player',
  /** watch: the layout element of a watch page (`hidden` when another page shows). */
  watchLayout: 'ytd-watch-flexy',
  /** watch, shorts: the player showing now, which a floating panel must not cover. */
  visiblePlayer: 'ytd-watch-flexy:not([hidden]) #movie_player, ytd-shorts #shorts-player',
  /** channel: the channel's header (banner, name, avatar; the 2024 layout and the older one), which a floating panel
   *  must not cover either. */
  channelHeader: 'ytd-browse:not([hidden])[page-subtype="channels"] :is(#page-header, ytd-c4-tabbed-header-renderer)',
  /** watch: YouTube's progress bar, where chapter and evidence markers are drawn. */
  progressBar: '.ytp-progress-bar',
} as const;

export const AD_SHOWING = 'ad-showing';
/** watch: the class YouTube's player carries while it plays a live stream (or a premiere as it airs). */
export const LIVE = 'ytp-live';
