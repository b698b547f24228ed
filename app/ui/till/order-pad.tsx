/**
 * The cashier's order pad: find products (search, favourites, the scanner wherever focus is),
 * build the basket (quantities, discount, table, payments) and hand it to the Epos Now till.
 * On a till screen (900 px wide or more) two columns that each scroll on their own: finding
 * products left, the basket, paying and the sale bar right, always in view. Narrower (a tablet, a
 * phone), the products take the screen, the sale bar is held at the bottom, and the basket and
 * payment open over the products as a sheet.
 */
import type { ComponentChildren } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { AppConfig } from '../../epos/app-config.ts';
import { recordId } from '../../epos/ids.ts';
import { kindKnown } from '../../page/catalog-counts.ts';
import type { CatalogView } from '../../page/catalog-state.ts';
import type { TillProduct } from '../../search/index.ts';
import { priceIn } from '../../till/area-price.ts';
import { addProduct, basketTotals, EMPTY_BASKET, setCustomer, setDiscount, setTable } from '../../till/basket.ts';
import type { BasketStorage } from '../../till/basket-storage.ts';
import { createMoney } from '../../till/money.ts';
import { countSale, mostSold } from '../../till/sold-counts.ts';
import type { FrameEnv } from '../../till/till-bridge.ts';
import type { ReplyEnv } from '../../till/till-reply.ts';
import { lazy } from '../lazy.tsx';
import { useStableCallback } from '../memo.tsx';
import { AreaPriceNotice } from './area-price-notice.tsx';
import { BasketSheet } from './basket-sheet.tsx';
import { BasketView } from './basket-view.tsx';
import { ChargeBar } from './charge-bar.tsx';
import { CurrencyQuestion } from './currency-question.tsx';
import { DiscountPicker } from './discount-picker.tsx';
import { DEFAULT_COUNT, Favourites } from './favourites.tsx';
import { OnDemand } from './on-demand.tsx';
import { Search } from './search.tsx';
import { SendToTill } from './send-to-till.tsx';
import { TablePicker } from './table-picker.tsx';
import { TenderPanel } from './tender-panel.tsx';
import { useBasket } from './use-basket.ts';
import { useHandoff } from './use-handoff.ts';
import { useMedia } from './use-media.ts';
import { type CustomerSource, customerLabel, useSaleCustomer } from './use-sale-customer.ts';
import { useScanner } from './use-scanner.ts';

/** Props of {@link OrderPad}. */
export interface OrderPadProps {
  /** Undefined while the catalog loads. */
  catalog: CatalogView | undefined;
  config: AppConfig;
  /** A catalog pull is under way. */
  pulling: boolean;
  /** Where the basket is kept; localStorage unless given. */
  storage?: BasketStorage;
  /** The window around the app; the real one unless given. */
  frame?: FrameEnv;
  /** Where the till's asks for the sale arrive; the real window unless given. */
  reply?: ReplyEnv;
  /** Key times for telling a scanner from a person (ms); the key events' own unless given. */
  now?: () => number;
  /** More for the cashier under the products (a new customer). */
  children?: ComponentChildren;
  /** Where the sale's customer comes from; without it the pad offers no customer. */
  customers?: CustomerSource;
}

// Loaded when a cashier first opens it: most sales never attach a customer.
const CustomerPicker = lazy(
  () => import('./customer-picker.tsx').then((module) => module.CustomerPicker),
  'customer search',
);

/** With no session (the pad's own tests), the sale's customer is shown but nothing is asked of Epos Now. */
const NO_CUSTOMERS: CustomerSource = { api: undefined, passedId: null, onPassedTaken: () => undefined };

/** The kinds the payment offers: tender types, tables, discount reasons. */
const SMALL_KINDS = ['TenderType', 'SeatingTable', 'DiscountReason'] as const;

/** Where the basket is a sheet over the products rather than a column beside them (till.css agrees). */
const NARROW = '(max-width: 899px)';

/** Search, favourites, basket, discount, table, customer, payments, "Send to till" and the answer to the till's ask. */
export function OrderPad({ catalog, config, pulling, storage, frame, reply, now, children, customers }: OrderPadProps) {
  const { basket, change, problem, currency, question, keepSale, newSale } = useBasket(config.currency, storage);
  useSaleCustomer(basket, change, customers ?? NO_CUSTOMERS, storage);
  // The sale's currency: the shop's, unless the cashier kept a sale begun in another one.
  const money = useMemo(() => createMoney(currency, config.locale), [currency, config.locale]);
  const searchBox = useRef<HTMLInputElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const amountField = useRef<HTMLInputElement>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  const narrow = useMedia(NARROW);
  const [sheetOpen, setSheetOpen] = useState(false);
  const openSheet = (): void => {
    if (narrow && !sheet.current?.open) sheet.current?.showModal();
    setSheetOpen(narrow);
  };
  // Closing first: the browser gives focus back to the sheet's opener, and the caller moves it on.
  const closeSheet = useStableCallback((): void => sheet.current?.close());
  const [alert, setAlert] = useState<string | null>(null);
  // Read once: the default favourites stay where they are for the rest of the shift.
  const [sold] = useState(() => mostSold(DEFAULT_COUNT, storage));
  // Counted, so the same product added twice is announced twice (the text alone would not change).
  const [added, setAdded] = useState({ name: '', count: 0 });
  const totals = basketTotals(basket);
  const tables = catalog?.seatingTables ?? [];
  const reasons = catalog?.discountReasons ?? [];
  const table = tables.find((t) => recordId('SeatingTable', t) === basket.tableId);
  const tableName = basket.tableId === null ? null : (table?.Name ?? `#${basket.tableId}`);
  const areaPrices = catalog?.areaPrices;
  // The till's area's price where it has one, else the product's own: shown, added, handed over
  // alike. The same function until a price may have changed, so the tiles are not drawn again before.
  const sellingPrice = useMemo(
    () =>
      (product: TillProduct, productId = recordId('Product', product)): number | undefined =>
        priceIn(product, config.priceField, productId === undefined ? undefined : areaPrices?.get(productId)),
    [config.priceField, areaPrices],
  );
  const priceOf = useMemo(
    () =>
      (product: TillProduct): string => {
        const major = sellingPrice(product);
        return major === undefined ? 'No price' : money.format(money.toMinor(major));
      },
    [sellingPrice, money],
  );

  // Stable, like every handler the search and the favourites take: a tap re-renders the basket, not them.
  const add = useStableCallback((product: TillProduct): boolean => {
    const productId = recordId('Product', product);
    const major = sellingPrice(product, productId);
    if (major === undefined || productId === undefined) {
      const which = config.priceField === 'SalePrice' ? 'sale' : 'eat-out';
      setAlert(
        `${product.Name} has no ${which} price, so it cannot be sold here. A manager sets its price in the back office.`,
      );
      return false;
    }
    change((current) => addProduct(current, { productId, name: product.Name, unitPrice: money.toMinor(major) }));
    setAlert(null);
    setAdded((last) => ({ name: product.Name, count: last.count + 1 }));
    return true;
  });

  const addByBarcode = useStableCallback((code: string): boolean => {
    const product = catalog?.index.byBarcode(code);
    if (product) return add(product);
    setAlert(
      catalog
        ? unknownBarcode(code)
        : `The catalog is still loading, so barcode ${code} could not be looked up: scan it again in a moment.`,
    );
    return false;
  });
  useScanner(addByBarcode, now);
  const clear = (): void => change(() => EMPTY_BASKET);
  // Sent unasked or asked for by the till: either way the sale is counted and the next one starts.
  const handoff = useHandoff({
    basket,
    money,
    tableName,
    reply,
    onHandedOver: (sold) => {
      countSale(sold.lines, storage);
      clear();
      closeSheet();
      // A new sale starts at the search box, where the scanner's digits go.
      searchBox.current?.focus();
    },
  });

  // Not yet read, or a first walk under way: room is kept for the favourites' tiles.
  const productsComing = !catalog || !kindKnown(catalog, 'Product');
  // Until the small kinds are read (or first downloaded) the payment has no tenders to offer and no
  // table or discount buttons: it comes whole, in room kept for it, rather than growing under the
  // cashier's eyes (a layout shift) as each kind lands.
  const payment =
    !catalog || !SMALL_KINDS.every((kind) => kindKnown(catalog, kind)) ? (
      <p class="notice">Loading the catalog…</p>
    ) : (
      <>
        <CurrencyQuestion question={question} onKeep={keepSale} onNew={newSale} />
        {problem ? (
          <p role="alert" class="till-alert">
            {problem}
          </p>
        ) : null}
        <BasketView
          basket={basket}
          totals={totals}
          money={money}
          onChange={change}
          onClear={clear}
          onFocusAway={() => {
            closeSheet();
            searchBox.current?.focus();
          }}
        />
        <div class="till-buttons">
          {customers ? (
            <OnDemand
              label="Customer"
              chosen={basket.customer && customerLabel(basket.customer)}
              // "Customer 7" while only the id is known, rather than "Customer: Customer 7".
              text={basket.customer?.name === null ? customerLabel(basket.customer) : undefined}
            >
              {(close) => (
                <CustomerPicker
                  customer={basket.customer && { id: basket.customer.id, label: customerLabel(basket.customer) }}
                  api={customers.api}
                  storage={storage}
                  onChoose={(chosen) => {
                    change((current) => setCustomer(current, { id: chosen.id, name: chosen.name }));
                    close();
                  }}
                  onRemove={() => change((current) => setCustomer(current, null))}
                />
              )}
            </OnDemand>
          ) : null}
          {tables.length > 0 ? (
            <OnDemand label="Table" chosen={tableName}>
              {(close) => (
                <TablePicker
                  tables={tables}
                  tableId={basket.tableId}
                  onChange={(tableId) => {
                    change((current) => setTable(current, tableId));
                    close();
                  }}
                />
              )}
            </OnDemand>
          ) : null}
          {reasons.length > 0 ? (
            <OnDemand label="Discount" chosen={basket.discount?.reason ?? null}>
              {() => (
                <DiscountPicker
                  reasons={reasons}
                  discount={basket.discount}
                  money={money}
                  onChange={(discount) => change((current) => setDiscount(current, discount))}
                />
              )}
            </OnDemand>
          ) : null}
        </div>
        <TenderPanel
          tenderTypes={catalog?.tenderTypes ?? []}
          tenders={basket.tenders}
          remaining={totals.remaining}
          money={money}
          onChange={change}
          onPaidUp={() => bringIntoView(sendButton.current)}
          amountRef={amountField}
        />
        <SendToTill
          basket={basket}
          sale={handoff.sale}
          handed={handoff.handed}
          handedText={handoff.handedText}
          frame={frame}
          buttonRef={sendButton}
          onSent={handoff.handOver}
          onRestore={(sent) => change(() => sent)}
        />
      </>
    );
  const bar = (
    <ChargeBar
      totals={totals}
      money={money}
      onCharge={() => {
        openSheet();
        bringIntoView(amountField.current);
      }}
      sheet={narrow ? { open: sheetOpen, onOpen: openSheet } : undefined}
    />
  );

  return (
    <div class="order-pad">
      <div class="order-pad-find">
        {alert ? (
          <p role="alert" class="till-alert">
            {alert}
          </p>
        ) : null}
        <AreaPriceNotice catalog={catalog} />
        <Search
          index={catalog?.index}
          revision={catalog?.indexRevision ?? 0}
          // Before the worker's first word on a first visit, products are coming, not missing.
          pulling={pulling || productsComing}
          onAdd={add}
          onBarcode={addByBarcode}
          priceOf={priceOf}
          inputRef={searchBox}
          onSummon={closeSheet}
        />
        <Favourites
          ids={config.favourites}
          sold={sold}
          index={catalog?.index}
          revision={catalog?.indexRevision ?? 0}
          coming={productsComing}
          priceOf={priceOf}
          onAdd={add}
        />
        {children}
      </div>
      {narrow ? (
        <>
          <BasketSheet sheetRef={sheet} onClose={() => setSheetOpen(false)}>
            {payment}
          </BasketSheet>
          {bar}
        </>
      ) : (
        <div class="order-pad-side">
          <div class="order-pad-basket">{payment}</div>
          {bar}
        </div>
      )}
      <p class="visually-hidden" aria-live="polite">
        {added.count > 0 ? <span key={added.count}>Added {added.name}</span> : null}
      </p>
    </div>
  );
}

/** What the till says of a code no product has, wherever it was scanned. */
function unknownBarcode(code: string): string {
  return `Barcode ${code} is not in this till's catalog. Check the code or search for the product by name; if it is new, a manager adds the barcode in the back office and the till gets it at the next sync.`;
}

/**
 * Focuses `field` and scrolls it to the middle of the screen, clear of the charge bar at the
 * bottom. The scroll waits for the next frame: the action that called this (a payment) has yet to
 * render what it changes above the field (its line in the tenders list), which would push it down.
 */
function bringIntoView(field: HTMLElement | null): void {
  field?.focus({ preventScroll: true });
  requestAnimationFrame(() => field?.scrollIntoView?.({ block: 'center' }));
}
