type Props = { onOpenOptions: () => void };

/** The one thing to do before anything else works. */
export function NoToken({ onOpenOptions }: Props) {
  return (
    <section class="no-token" aria-labelledby="no-token-title">
      <h2 id="no-token-title">Connect to the service</h2>
      <p>
        Transcript Lens uses your API token from the Transcript and Video Analysis Service to fetch transcripts and run
        analyses.
      </p>
      <button type="button" class="primary" onClick={onOpenOptions}>
        Add your API token
      </button>
    </section>
  );
}
