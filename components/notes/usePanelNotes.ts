import type { Send } from '../../utils/protocol/send';
import type { PlayerBridge } from '../player';
import { useNotes } from './useNotes';

type Options = {
  videoId: string;
  title: string | null;
  send: Send;
  player: Pick<PlayerBridge, 'currentTime'>;
  /** The panel is expanded (a collapsed one shows no tab to write in). */
  open: boolean;
  select: (tab: 'notes') => void;
};

/** The panel's notes, and Alt+N anywhere in it: a note at the moment playing now, in the Notes tab. */
export function usePanelNotes({ videoId, title, send, player, open, select }: Options) {
  const notes = useNotes(videoId, title ?? '', send);
  const onKeyDown = (event: KeyboardEvent) => {
    // The key's place, not its character: Alt+N types a character on some layouts.
    if (!event.altKey || event.code !== 'KeyN' || !open) return;
    event.preventDefault();
    notes.startNote({ time: player.currentTime() });
    select('notes');
  };
  return { notes, onKeyDown };
}
