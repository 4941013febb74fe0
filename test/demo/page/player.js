// The demo player's controls bar follows its video: time, progress and the play button.
(() => {
  const clock = (s) => {
    const t = Math.max(0, Math.floor(s));
    const h = Math.floor(t / 3600);
    const m = Math.floor((t % 3600) / 60);
    const sec = String(t % 60).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
  };
  document.addEventListener('DOMContentLoaded', () => {
    const player = document.querySelector('#movie_player');
    const video = player?.querySelector('video');
    if (!player || !video) return;
    const show = () => {
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      const share = duration ? (video.currentTime / duration) * 100 : 0;
      player.querySelector('.ytp-time-current').textContent = clock(video.currentTime);
      if (duration) player.querySelector('.ytp-time-duration').textContent = clock(duration);
      player.style.setProperty('--played', `${share}%`);
      player.classList.toggle('playing', !video.paused);
    };
    for (const type of ['timeupdate', 'seeked', 'play', 'pause', 'loadedmetadata']) video.addEventListener(type, show);
    player.querySelector('.ytp-play-button')?.addEventListener('click', () => {
      if (video.paused) void video.play();
      else video.pause();
    });
    show();
  });
})();
