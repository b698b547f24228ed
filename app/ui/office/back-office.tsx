/** The manager's screens, one per tab: settings, sync, pending changes and records. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { EposClient } from '../../epos/client.ts';
import { segmentsFor } from '../../epos/default-base.ts';
import { errorText } from '../../epos/error-text.ts';
import { KINDS } from '../../epos/kinds.ts';
import type { SegmentOverrides } from '../../epos/paths.ts';
import type { Persistence } from '../../page/boot.ts';
import type { CatalogView } from '../../page/catalog-state.ts';
import type { TillSession } from '../../page/session.ts';
import type { OutboxStatus } from '../../store/outbox-status.ts';
import { createMoney } from '../../till/money.ts';
import { OFFICE_SECTIONS, type OfficeSection, routeHash } from '../route.ts';
import { useSubscription } from '../use-subscription.ts';
import { ApiConnection } from './api-connection.tsx';
import { CatalogScreen } from './catalog-screen.tsx';
import { ChangesScreen } from './changes-screen.tsx';
import { RecordsScreen } from './records-screen.tsx';
import { SettingsScreen } from './settings-screen.tsx';

/** Props of {@link BackOffice}. */
export interface BackOfficeProps {
  section: OfficeSection;
  /** Undefined in the moment before the session starts. */
  session: TillSession | undefined;
  catalog: CatalogView | undefined;
  outbox: OutboxStatus | undefined;
  online: boolean;
  now: number;
  canPull: boolean;
  persisted: Persistence;
  /** Opens the form for a new API token (a screen found the token refused). */
  onNewToken: () => void;
  /** The stored API base ('' for this site's origin). */
  apiBase: string;
  /** Opens the form to change the API base. */
  onChangeConnection: () => void;
  /** The till's own path segments for its API (BootContext.segments), and a manager's choice of others. */
  segments: SegmentOverrides | undefined;
  onSegments: (segments: SegmentOverrides) => Promise<void>;
}

const TAB_LABELS: Record<OfficeSection, string> = {
  settings: 'Settings',
  sync: 'Sync',
  changes: 'Pending changes',
  records: 'Records',
};

/** Tabs (links, so each section has its address) and the open section. */
export function BackOffice({
  section,
  session,
  catalog,
  outbox,
  online,
  now,
  canPull,
  persisted,
  onNewToken,
  apiBase,
  onChangeConnection,
  segments,
  onSegments,
}: BackOfficeProps) {
  const config = session?.config;
  const writer = session?.writer;
  const client = useClient(session?.api);
  // Prices in a conflict are written in the shop's money.
  const settings = useSubscription(config)?.config;
  const currency = settings?.currency;
  const locale = settings?.locale;
  const money = useMemo(() => (currency && locale ? createMoney(currency, locale) : undefined), [currency, locale]);
  return (
    <div class="back-office">
      <nav class="office-tabs" aria-label="Back office">
        {OFFICE_SECTIONS.map((name) => (
          <a
            key={name}
            class="office-tab"
            href={routeHash({ screen: 'office', section: name })}
            aria-current={name === section ? 'page' : undefined}
          >
            {TAB_LABELS[name]}
          </a>
        ))}
      </nav>
      {typeof client === 'string' ? (
        <p role="alert" class="warning">
          {client}
        </p>
      ) : !config || !writer || !client ? (
        <p class="notice">Starting…</p>
      ) : section === 'settings' ? (
        <SettingsScreen config={config} products={catalog?.index} tillSdk={session?.tillSdk} />
      ) : section === 'sync' ? (
        <>
          <CatalogScreen
            catalog={catalog}
            onPullNow={() => session?.worker.pullNow()}
            onSettleHeld={(kind, gen, accept) => session?.worker.settleHeld(kind, gen, accept)}
            canPull={canPull}
            now={now}
            persisted={persisted}
          />
          <ApiConnection
            baseUrl={apiBase}
            origin={window.location.origin}
            onChange={onChangeConnection}
            discountReasons={segmentsFor(segments).DiscountReason ?? KINDS.DiscountReason.segment}
            onDiscountReasons={(segment) => onSegments({ DiscountReason: segment })}
          />
        </>
      ) : section === 'changes' ? (
        <ChangesScreen writer={writer} outbox={outbox} now={now} money={money} />
      ) : (
        <RecordsScreen client={client} writer={writer} online={online} onNewToken={onNewToken} />
      )}
    </div>
  );
}

/** The session's API client once loaded, or why it could not be. */
function useClient(api: TillSession['api'] | undefined): EposClient | string | undefined {
  const [client, setClient] = useState<EposClient | string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api?.().then(
      (loaded) => live && setClient(loaded),
      (error: unknown) =>
        live && setClient(`The API client could not be loaded (${errorText(error)}). Reload the page.`),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return client;
}
