export function App() {
  return (
    <main>
      <h1>Transcript Lens</h1>
      <p>Your plan and balances (Cloud Requests and AI Units) will appear here once the service is connected.</p>
      <p>Open a YouTube video to see its transcript in the side panel.</p>
    </main>
  );
}
