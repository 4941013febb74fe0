import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { PlayerBridge } from '../player';
import { cueAt } from './cues';
import type { VirtualListHandle } from './VirtualList';

/**
 * Which cue is playing, and keeping it in view. Following stops when the person scrolls the list
 * themselves (or jumps to a search match) and starts again on "Back to current" or a click on a cue.
 */
/** Players may report a seek to 75.25 as 75.2499…; a hair of slack keeps the clicked cue current. */
const SLACK_S = 0.01;

export function useFollow(player: PlayerBridge, starts: Float64Array, list: { current: VirtualListHandle | null }) {
  const [current, setCurrent] = useState(() => cueAt(starts, player.currentTime() + SLACK_S));
  const [following, setFollowingState] = useState(true);
  // Effects run a frame late; the ref lets one scheduled before a pause see the pause.
  const followingNow = useRef(true);
  const setFollowing = useCallback((value: boolean) => {
    followingNow.current = value;
    setFollowingState(value);
  }, []);
  const shown = useRef(current);

  useEffect(() => {
    // A binary search per animation frame at most; a render only when the cue changes.
    const update = (seconds: number) => {
      const index = cueAt(starts, seconds + SLACK_S);
      if (index === shown.current) return;
      shown.current = index;
      setCurrent(index);
    };
    update(player.currentTime());
    return player.onTime(update);
  }, [player, starts]);

  useEffect(() => {
    const handle = list.current;
    if (!following || !followingNow.current || current < 0 || !handle || handle.isInView(current)) return;
    handle.scrollToIndex(current, 'center');
  }, [current, following, list]);

  const pause = useCallback(() => setFollowing(false), [setFollowing]);
  /** After a click on a cue: it is current now (the player reports the new time a frame later, and
   * following the old time meanwhile would scroll away and back), and following starts again. */
  const jumpTo = useCallback(
    (index: number) => {
      shown.current = index;
      setCurrent(index);
      setFollowing(true);
    },
    [setFollowing],
  );
  const backToCurrent = () => {
    setFollowing(true);
    if (current < 0) return;
    list.current?.scrollToIndex(current, 'center');
    list.current?.focusIndex(current);
  };
  return { current, following, pause, jumpTo, backToCurrent };
}
