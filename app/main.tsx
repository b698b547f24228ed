/**
 * Entry of the page. A placeholder shell for now: boot context, worker registration and the
 * till screens replace it as they land.
 */
import { render } from 'preact';

/** The app's outermost component. */
export function App() {
  return (
    <main class="shell">
      <h1>Epos Till</h1>
      <p class="status">Starting…</p>
    </main>
  );
}

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no <div id="app">');
render(<App />, root);
