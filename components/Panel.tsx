import { useEffect, useState } from 'preact/hooks';
import { ask } from '../utils/runtime';
import { Tabs } from './Tabs';

const TABS = [
  { key: 'transcript', label: 'Transcript' },
  { key: 'analysis', label: 'Analysis' },
  { key: 'ask', label: 'Ask' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

type Link = { state: 'connecting' } | { state: 'connected' } | { state: 'error'; message: string };

export function Panel({ videoId }: { videoId: string }) {
  const [tab, setTab] = useState<TabKey>('transcript');
  const [link, setLink] = useState<Link>({ state: 'connecting' });

  useEffect(() => {
    let live = true;
    setLink({ state: 'connecting' });
    ask<{ videoId: string }>({ type: 'hello', videoId }).then((reply) => {
      if (!live) return;
      setLink(reply.ok ? { state: 'connected' } : { state: 'error', message: reply.error.message });
    });
    return () => {
      live = false;
    };
  }, [videoId]);

  return (
    <section class="tl-panel" aria-label="Transcript Lens">
      <header class="tl-header">
        <h2 class="tl-title">Transcript Lens</h2>
        <span class="tl-video" data-testid="video-id">
          Video <code>{videoId}</code>
        </span>
        <span class="tl-link" data-state={link.state}>
          {link.state === 'connected' ? 'Connected' : link.state === 'connecting' ? 'Connecting…' : ''}
        </span>
      </header>
      {link.state === 'error' && (
        <p role="alert" class="tl-error">
          {link.message}
        </p>
      )}
      <Tabs tabs={TABS} active={tab} onSelect={setTab} idPrefix="tl">
        {tab === 'transcript' && <p class="tl-empty">The transcript of this video will appear here.</p>}
        {tab === 'analysis' && (
          <p class="tl-empty">No analysis yet. An analysis summarises the video into chapters and key points.</p>
        )}
        {tab === 'ask' && <p class="tl-empty">Questions need a finished analysis of this video.</p>}
      </Tabs>
    </section>
  );
}
