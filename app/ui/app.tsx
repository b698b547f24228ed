/** The app's outermost component: the boot outcome decides the screen. */
import { useState } from 'preact/hooks';
import { type BootResult, reopenWithStorage, saveSegments, saveSetup } from '../page/boot.ts';
import type { BootContext } from '../store/schema.ts';
import { FatalError } from './fatal-error.tsx';
import { lazy } from './lazy.tsx';
import { problemText } from './problem-text.ts';
import { Workspace } from './workspace.tsx';

// Only a till's first start (or a refused token) shows it.
const SetupScreen = lazy(() => import('./setup-screen.tsx').then((module) => module.SetupScreen), 'setup form');

// Only a till whose browser refuses it storage in Epos Now's frame runs it.
const StorelessApp = lazy(
  () => import('./storeless-app.tsx').then((module) => module.StorelessApp),
  'till without storage',
);

/** Props of {@link App}. */
export interface AppProps {
  booted: BootResult;
}

/** Fatal error, setup (first start, or a new token), the till, or the till without storage. */
export function App({ booted: first }: AppProps) {
  // A till started without storage starts again with it once the browser allows it.
  const [booted, setBooted] = useState(first);
  const [session, setSession] = useState<{ context: BootContext; changed: boolean } | undefined>(
    booted.status === 'ready' ? { context: booted.context, changed: booted.changed } : undefined,
  );
  // The sale's customer the till passed with this load: the pad takes it once, not at every showing.
  const [passedCustomerId, setPassedCustomerId] = useState(booted.status === 'failed' ? null : booted.customerId);
  // What the setup form is open for on a till already set up: a refused token, or another API base.
  const [renewing, setRenewing] = useState<'token' | 'connection' | null>(null);
  if (booted.status === 'failed') return <FatalError message={problemText(booted.problem)} />;
  if (booted.status === 'no-storage') {
    const { context } = booted;
    return (
      <StorelessApp
        context={context}
        passedCustomerId={passedCustomerId}
        reopen={() => reopenWithStorage(context)}
        onStorage={(ready) => {
          setSession({ context: ready.context, changed: true });
          setBooted(ready);
        }}
      />
    );
  }
  if (!session || renewing) {
    // The till screen unmounts meanwhile; it starts again with `changed`, so the running worker
    // hears 'context-changed', re-reads the token and base, and resumes a queue paused for the old token.
    const again = session && {
      heading: renewing === 'connection' ? 'Change the API connection' : 'Enter a new API token',
      baseUrl: session.context.baseUrl,
      onCancel: () => setRenewing(null),
    };
    return (
      <SetupScreen
        origin={window.location.origin}
        {...again}
        onSave={async (token, baseUrl) => {
          setSession({ context: await saveSetup(booted.db, token, baseUrl, session?.context), changed: true });
          setRenewing(null);
        }}
      />
    );
  }
  return (
    <Workspace
      db={booted.db}
      context={session.context}
      contextChanged={session.changed}
      persisted={booted.persisted}
      onNewToken={() => setRenewing('token')}
      onChangeConnection={() => setRenewing('connection')}
      passedCustomerId={passedCustomerId}
      onPassedCustomerTaken={() => setPassedCustomerId(null)}
      onSegments={async (segments) => {
        const context = await saveSegments(booted.db, session.context, segments);
        setSession({ context, changed: true });
      }}
    />
  );
}
