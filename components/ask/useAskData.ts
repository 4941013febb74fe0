import { useEffect, useState } from 'preact/hooks';
import type { CitationSegment } from '../../utils/citations';
import type { AnalysisState, AnswerEntry } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';

/** `null` while loading; `'unavailable'` when there is no transcript to check spoken citations against. */
export type Segments = readonly CitationSegment[] | 'unavailable' | null;

export type AskData = {
  analysis: AnalysisState | null;
  analysisError: ReplyError | null;
  entries: AnswerEntry[];
  historyError: ReplyError | null;
  /** Questions asked before whose answer never arrived: they may have been charged (not answered since). */
  unsure: string[];
  segments: Segments;
  addEntry: (entry: AnswerEntry) => void;
};

type Args = { videoId: string; send: Send; refreshKey?: number };

/** The analysis (is it ready?), the answers so far, and the transcript the citations are checked against. */
export function useAskData({ videoId, send, refreshKey }: Args): AskData {
  const sendRef = useLatest(send);
  const [analysis, setAnalysis] = useState<AnalysisState | null>(null);
  const [analysisError, setAnalysisError] = useState<ReplyError | null>(null);
  const [entries, setEntries] = useState<AnswerEntry[]>([]);
  const [historyError, setHistoryError] = useState<ReplyError | null>(null);
  const [unsure, setUnsure] = useState<string[]>([]);
  const [segments, setSegments] = useState<Segments>(null);

  useEffect(() => {
    let live = true;
    setEntries([]);
    setHistoryError(null);
    setSegments(null);
    setAnalysis(null);
    setUnsure([]);
    sendRef.current({ type: 'ask.history', videoId }).then((reply) => {
      if (!live) return;
      if (reply.ok)
        setEntries((now) => [...reply.data, ...now]); // answers sent meanwhile stay last
      else setHistoryError(reply.error);
    });
    sendRef.current({ type: 'ask.unsure', videoId }).then((reply) => {
      if (live && reply.ok) setUnsure(reply.data.questions);
    });
    return () => {
      live = false;
    };
  }, [videoId, sendRef]);

  // `refreshKey` is the re-query trigger.
  useEffect(() => {
    let live = true;
    sendRef.current({ type: 'analysis.get', videoId }).then((reply) => {
      if (!live) return;
      if (reply.ok) setAnalysis(reply.data);
      setAnalysisError(reply.ok ? null : reply.error);
    });
    return () => {
      live = false;
    };
  }, [videoId, refreshKey, sendRef]);

  // The transcript is only needed once there is something to check; the background serves it from cache.
  // Checked against the transcript the analysis was run on (the language sent with it).
  const needSegments = entries.length > 0 && segments === null;
  const lang = analysis?.job?.lang ?? null;
  useEffect(() => {
    if (!needSegments) return;
    let live = true;
    sendRef.current({ type: 'transcript.get', videoId, ...(lang && { lang }) }).then((reply) => {
      if (!live) return;
      setSegments(reply.ok && reply.data.status === 'ok' ? reply.data.segments : 'unavailable');
    });
    return () => {
      live = false;
    };
  }, [needSegments, videoId, lang, sendRef]);

  const addEntry = (entry: AnswerEntry) => setEntries((now) => [...now, entry]);
  // A question answered since (asked again by the person) is no longer in doubt.
  const asked = new Set(entries.map((e) => e.question.trim().toLowerCase()));
  const open = unsure.filter((q) => !asked.has(q.trim().toLowerCase()));
  return { analysis, analysisError, entries, historyError, unsure: open, segments, addEntry };
}
