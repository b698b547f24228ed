/** The cashier's screen: the order pad, and a new customer at the counter when allowed. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AppConfig } from '../../epos/app-config.ts';
import type { EposClient } from '../../epos/client.ts';
import type { CatalogView } from '../../page/catalog-state.ts';
import type { Writer } from '../../page/writer.ts';
import { lazy } from '../lazy.tsx';
import { OrderPad } from './order-pad.tsx';

// Loaded when a cashier first asks for it: most sales never need it.
const CustomerForm = lazy(() => import('./customer-form.tsx').then((module) => module.CustomerForm), 'customer form');

/** Props of {@link TillPage}. */
export interface TillPageProps {
  catalog: CatalogView | undefined;
  config: AppConfig;
  /** Undefined for the few ms before the session has started. */
  writer: Pick<Writer, 'write'> | undefined;
  pulling: boolean;
  /** The API as the page reads it (session.api); undefined for the few ms before the session has started. */
  api?: () => Promise<EposClient>;
  /** The customer the till passed with this load, until the pad has taken it into the sale; else null. */
  passedCustomerId?: number | null;
  /** Told once the pad has taken the passed customer. */
  onPassedCustomerTaken?: () => void;
  /** The browser's word on the connection (a customer unnamed offline is named when it comes back). */
  online?: boolean;
}

/** Order pad, with the customer form behind a button. */
export function TillPage({
  catalog,
  config,
  writer,
  pulling,
  api,
  passedCustomerId = null,
  onPassedCustomerTaken = () => undefined,
  online,
}: TillPageProps) {
  const [customer, setCustomer] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Closing the form removes the control that had focus: back to the button that opened it.
    if (!customer && wasOpen.current) button.current?.focus();
    wasOpen.current = customer;
  }, [customer]);
  return (
    // A new currency does not remount the pad: a sale in progress is the cashier's to keep or drop.
    <OrderPad
      catalog={catalog}
      config={config}
      pulling={pulling}
      customers={{ api, passedId: passedCustomerId, onPassedTaken: onPassedCustomerTaken, online }}
    >
      <section class="till-extras" aria-label="Customers">
        {customer && writer ? (
          <CustomerForm writer={writer} allowed={config.allowCustomerCreate} onDone={() => setCustomer(false)} />
        ) : (
          <button ref={button} type="button" class="button" onClick={() => setCustomer(true)} disabled={!writer}>
            New customer
          </button>
        )}
      </section>
    </OrderPad>
  );
}
