// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { type Basket, EMPTY_BASKET } from '../../../app/till/basket.ts';
import { createMoney } from '../../../app/till/money.ts';
import type { FrameEnv } from '../../../app/till/till-bridge.ts';
import type { ReplyEnv } from '../../../app/till/till-reply.ts';
import type { SdkScope } from '../../../app/till/till-sdk.ts';
import { SendToTill } from '../../../app/ui/till/send-to-till.tsx';
import { useHandoff } from '../../../app/ui/till/use-handoff.ts';
import { tillFrame } from './fixture.ts';

afterEach(cleanup);

const GBP = createMoney('GBP', 'en-GB');
const BASKET: Basket = {
  lines: [{ productId: 1, name: 'Flat White', unitPrice: 320, quantity: 2 }],
  discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 150 },
  tableId: null,
  tenders: [{ typeId: 2, name: 'Card', amount: 490 }],
  customer: null,
};

/** The button as the order pad wires it: the sale and its hand-over from useHandoff. */
function Harness({ frame, start = BASKET, sdk }: { frame?: FrameEnv; start?: Basket; sdk?: SdkScope }) {
  const [basket, setBasket] = useState(start);
  const handoff = useHandoff({
    basket,
    money: GBP,
    tableName: null,
    reply: quiet,
    onHandedOver: () => setBasket(EMPTY_BASKET),
  });
  return (
    <>
      <SendToTill
        basket={basket}
        sale={handoff.sale}
        handed={handoff.handed}
        handedText={handoff.handedText}
        frame={frame}
        onSent={handoff.handOver}
        onRestore={setBasket}
        sdk={sdk}
      />
      <button type="button" onClick={() => setBasket(BASKET)}>
        New sale
      </button>
      <button type="button" onClick={() => setBasket({ ...EMPTY_BASKET, tableId: 9 })}>
        Choose a table
      </button>
    </>
  );
}

/** A window no till ever asks through. */
const quiet: ReplyEnv = {
  self: {},
  parent: {},
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};

const send = () => screen.getByRole('button', { name: 'Send to till' });
const description = () => document.getElementById(send().getAttribute('aria-describedby') ?? '')?.textContent;

describe('SendToTill', () => {
  it('posts the basket to the till window, at its origin only, then says so', () => {
    const { frame, posted } = tillFrame('https://till.example');
    render(<Harness frame={frame} />);
    expect(send().getAttribute('aria-disabled')).toBe('false');
    expect(send().getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(send());
    expect(posted).toEqual([
      {
        origin: 'https://till.example',
        // The string the reply carries too (app/till/sale.ts), never an object.
        message:
          '{"Products":[{"ProductID":1,"Quantity":2,"ItemPrice":3.2,"IsTaxExempt":false}],"MiscItems":[],' +
          '"Tenders":[{"TypeID":2,"Amount":4.9}],"TransactionDetails":[],"Discount":{"reasonId":8,"amount":1.5}}',
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Sent to the till');
    // What the till was handed, word for word, for a shop whose till showed otherwise.
    const handed = screen.getByText('What the till was handed').closest('details');
    expect(handed?.querySelector('code')?.textContent).toBe(posted[0]?.message);
    // The basket was cleared: another press sends nothing.
    expect(send().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(send());
    expect(posted).toHaveLength(1);
    // The next sale's first product ends the "Sent" message, and the way back to the sent basket.
    fireEvent.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Bring the basket back' })).toBeNull();
    expect(screen.queryByText('What the till was handed')).toBeNull();
  });

  it('brings the sent basket back, for a till that ignored it, and can send it again', () => {
    const { frame, posted } = tillFrame();
    render(<Harness frame={frame} />);
    fireEvent.click(send());
    const back = screen.getByRole('button', { name: 'Bring the basket back' });
    back.focus();
    fireEvent.click(back);
    expect(screen.queryByRole('button', { name: 'Bring the basket back' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(send());
    expect(send().getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(send());
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual(posted[0]);
  });

  it('does not offer the sent basket back over a new sale already started', () => {
    const { frame } = tillFrame();
    render(<Harness frame={frame} />);
    fireEvent.click(send());
    fireEvent.click(screen.getByRole('button', { name: 'Choose a table' }));
    expect(screen.queryByRole('button', { name: 'Bring the basket back' })).toBeNull();
  });

  it('is disabled, saying why, outside the till', () => {
    render(<Harness />);
    expect(send().getAttribute('aria-disabled')).toBe('true');
    expect(description()).toBe('Send to till works only inside the Epos Now till: this page was opened on its own.');
    fireEvent.click(send());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('will not send to a parent whose origin it cannot tell', () => {
    const posted: unknown[] = [];
    const frame: FrameEnv = {
      self: {},
      parent: { postMessage: (message: unknown) => void posted.push(message) } as Pick<Window, 'postMessage'>,
      ancestorOrigins: ['null'],
      referrer: '',
    };
    render(<Harness frame={frame} />);
    expect(description()).toMatch(/hides its address/);
    fireEvent.click(send());
    expect(posted).toEqual([]);
  });

  it('is disabled, saying why, while the basket is empty', () => {
    const { frame, posted } = tillFrame();
    render(<Harness frame={frame} start={EMPTY_BASKET} />);
    expect(send().getAttribute('aria-disabled')).toBe('true');
    expect(description()).toBe('Add a product to the basket first.');
    fireEvent.click(send());
    expect(posted).toEqual([]);
  });

  it("also publishes the sale through Epos Now's till SDK where it is on the page, and presses the till's Submit", () => {
    const { frame, posted } = tillFrame();
    const calls: [string, unknown][] = [];
    const scope: SdkScope = {
      EposNowTillSDK: {
        TransactionPublisher: {
          register: (target: unknown) => void calls.push(['register', target]),
          publish: (transaction: unknown) => void calls.push(['publish', transaction]),
        },
        submitForm: (target: unknown) => void calls.push(['submitForm', target]),
      },
    };
    render(<Harness frame={frame} sdk={scope} />);
    fireEvent.click(send());
    expect(calls.map(([name]) => name)).toEqual(['register', 'publish', 'submitForm']);
    expect(calls[0]?.[1]).toBe(scope);
    // The same sale the string carries, as the object the SDK's publish takes.
    expect(calls[1]?.[1]).toStrictEqual(JSON.parse(posted[0]?.message as string));
    expect(screen.getByRole('status').textContent).toBe('Sent to the till');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly when the till SDK throws, after the sale was posted all the same', () => {
    const { frame, posted } = tillFrame();
    const scope: SdkScope = {
      EposNowTillSDK: {
        TransactionPublisher: {
          register: () => undefined,
          publish: () => {
            throw new Error('no till listening');
          },
        },
        submitForm: () => undefined,
      },
    };
    render(<Harness frame={frame} sdk={scope} />);
    fireEvent.click(send());
    expect(posted).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Epos Now's till script failed \(publish\): no till listening\. The sale was also sent as a message/,
    );
    // The sale is handed over, and can be brought back to ring up by hand.
    expect(screen.getByRole('button', { name: 'Bring the basket back' })).toBeTruthy();
    // The next sale's first product ends the alert with the sale it was about.
    fireEvent.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
