/**
 * Entry of the page: shows "Starting…", boots (storage, context), then renders the app.
 */
import { render } from 'preact';
import { boot } from './page/boot.ts';
import { beginFirstRead } from './page/catalog-reads.ts';
import { App } from './ui/app.tsx';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no <div id="app">');
render(
  <main class="shell">
    <h1>Epos Till</h1>
    <p class="notice">Starting…</p>
  </main>,
  root,
);
void boot().then((booted) => {
  // Begun before the first render: the catalog state takes it when the session starts.
  if (booted.status === 'ready') beginFirstRead(booted.db);
  render(<App booted={booted} />, root);
});
