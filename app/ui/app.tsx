/** The app's outermost component: the boot outcome decides the screen. */
import { useState } from 'preact/hooks';
import { type BootResult, saveSetup } from '../boot.ts';
import type { BootContext } from '../store/schema.ts';
import { FatalError } from './fatal-error.tsx';
import { SetupScreen } from './setup-screen.tsx';
import { TillScreen } from './till-screen.tsx';

/** Props of {@link App}. */
export interface AppProps {
  booted: BootResult;
}

/** Fatal error, setup, or the till. */
export function App({ booted }: AppProps) {
  const [session, setSession] = useState<{ context: BootContext; changed: boolean } | undefined>(
    booted.status === 'ready' ? { context: booted.context, changed: booted.changed } : undefined,
  );
  if (booted.status === 'failed') return <FatalError message={booted.message} />;
  if (!session) {
    return (
      <SetupScreen
        origin={window.location.origin}
        onSave={async (token, baseUrl) => setSession({ context: await saveSetup(booted.db, token, baseUrl), changed: true })}
      />
    );
  }
  return <TillScreen db={booted.db} context={session.context} contextChanged={session.changed} persisted={booted.persisted} />;
}
