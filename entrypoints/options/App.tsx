export function App() {
  return (
    <main>
      <h1>Transcript Lens options</h1>
      <p>Your API token, the service address and your preferences will be set here.</p>
    </main>
  );
}
