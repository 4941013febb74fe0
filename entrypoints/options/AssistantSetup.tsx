import { useState } from 'preact/hooks';
import { mcpAddress } from './validate';

type Props = {
  /** The saved service address (not the one being edited). */
  serviceUrl: string;
  readToken: () => Promise<string>;
  copy: (text: string) => Promise<void>;
};

const PLACEHOLDER = '<your API token>';

export function mcpSnippet(address: string, token: string): string {
  const config = {
    mcpServers: { 'transcript-lens': { url: address, headers: { Authorization: `Basic ${token}` } } },
  };
  return JSON.stringify(config, null, 2);
}

/** How to point an AI assistant at the service's MCP endpoint. The token shows only when asked for. */
export function AssistantSetup({ serviceUrl, readToken, copy }: Props) {
  const [token, setToken] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const address = mcpAddress(serviceUrl);
  const snippet = mcpSnippet(address, token ?? PLACEHOLDER);

  async function copyText(text: string, what: string) {
    try {
      await copy(text);
      setNote(`${what} copied.`);
    } catch {
      setNote(`Could not copy. Select the ${what.toLowerCase()} and copy it by hand.`);
    }
  }

  async function toggleReveal() {
    if (token !== null) {
      setToken(null);
      return setNote('');
    }
    const saved = await readToken();
    if (saved) {
      setToken(saved);
      setNote('The snippet now contains your token: keep it private.');
    } else setNote('No token is saved yet: add one above first.');
  }

  return (
    <section class="field assistant" aria-labelledby="assistant-title">
      <h2 id="assistant-title">Connect an AI assistant</h2>
      <p>
        The service runs an MCP server, so an AI assistant can search transcripts, read them and run analyses with your
        account. Its address:
      </p>
      <div class="row">
        <code class="address">{address}</code>
        <button type="button" onClick={() => copyText(address, 'Address')}>
          Copy address
        </button>
      </div>
      <h3>Desktop assistants</h3>
      <p>Add this to the assistant’s MCP configuration:</p>
      <pre class="snippet">
        <code>{snippet}</code>
      </pre>
      <div class="row">
        <button type="button" onClick={toggleReveal} aria-pressed={token !== null}>
          Reveal token in snippet
        </button>
        <button type="button" onClick={() => copyText(snippet, 'Snippet')}>
          Copy snippet
        </button>
        <span role="status" class="result">
          {note}
        </span>
      </div>
      <h3>Good to know</h3>
      <ul class="notes">
        <li>
          Only the service’s own API token works on /mcp. Keys from an API marketplace are refused there (unsupported
          transport), even though they work for transcripts.
        </li>
        <li>
          Web-based assistants that cannot send a header connect with OAuth from the assistant itself: add the address
          above as a connector, sign in to the service and approve the connection on its consent screen.
        </li>
        <li>
          Connections are listed on the service’s API page. Disconnect one there and its access stops immediately.
        </li>
        <li>What an assistant does is charged to your account like anything else: Cloud Requests and AI Units.</li>
      </ul>
    </section>
  );
}
