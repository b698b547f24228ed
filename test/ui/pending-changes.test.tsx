// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHED_KINDS } from '../../app/epos/kinds.ts';
import { createOutboxState, type OutboxState } from '../../app/page/outbox-state.ts';
import { createWriter } from '../../app/page/writer.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { markDone, markFailed, markHeld, pauseForAuth } from '../../app/store/outbox-outcomes.ts';
import { type OutboxStatus, readOutboxStatus } from '../../app/store/outbox-status.ts';
import type { KindMeta } from '../../app/store/schema.ts';
import { StatusBar } from '../../app/ui/status-bar.tsx';
import { useSubscription } from '../../app/ui/use-subscription.ts';
import { freshDb } from '../store/fixture.ts';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const META: KindMeta[] = CACHED_KINDS.map((kind) => ({
  kind,
  gen: 1,
  lastGen: 1,
  count: 5,
  pulledAt: NOW,
  attemptedAt: NOW,
  lastError: null,
}));
const refusal = {
  code: 'client' as const,
  name: 'ClientError',
  message: 'HTTP 400',
  method: 'POST',
  path: '/api/V2/Customer',
  mayHaveReached: true,
  status: 400,
};
const refused = {
  code: 'auth' as const,
  name: 'AuthError',
  message: 'HTTP 401',
  method: 'POST',
  path: '/api/V2/Customer',
  mayHaveReached: true,
  status: 401,
};

function renderBar(outbox: OutboxStatus | undefined, onNewToken = vi.fn()) {
  render(
    <StatusBar
      online={false}
      meta={META}
      progress={{}}
      now={NOW}
      onPullNow={vi.fn()}
      canPull
      outbox={outbox}
      onNewToken={onNewToken}
    />,
  );
  return { onNewToken };
}

const changes = () => screen.getByRole('status', { name: 'Changes' });

/** Queues `count` writes, each to its own customer, and returns their entries. */
async function queue(db: TillDb, count: number) {
  for (let i = 0; i < count; i++)
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: `C${i}` } }, NOW + i);
  return db.getAll('outbox');
}

describe('StatusBar: changes not yet sent', () => {
  it('says "All changes saved" with an empty outbox, and "N pending" while writes wait', async () => {
    const db = await freshDb();
    renderBar(await readOutboxStatus(db));
    expect(changes().textContent).toBe('All changes saved');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    await queue(db, 4);
    renderBar(await readOutboxStatus(db));
    expect(changes().textContent).toBe('4 pending');
    expect(screen.queryByRole('alert')).toBeNull();
    db.close();
  });

  it('shows changes the server refused or could not confirm as needing attention, in an alert', async () => {
    const db = await freshDb();
    const [first, second] = await queue(db, 3);
    await markFailed(db, first!, refusal, NOW);
    await markHeld(db, second!, null, [], NOW);
    renderBar(await readOutboxStatus(db));
    expect(changes().textContent).toBe('1 pending');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('2 changes need attention');
    expect(alert.textContent).toContain('not sent again until a manager checks');
    db.close();
  });

  it('never says "All changes saved" (nor "None pending") while one needs attention: it says how many to check', async () => {
    const db = await freshDb();
    const [only] = await queue(db, 1);
    await markFailed(db, only!, refusal, NOW);
    renderBar(await readOutboxStatus(db));
    expect(changes().textContent).toBe('1 to check');
    expect(changes().className).toContain('pill-pending');
    expect(screen.getByRole('alert').textContent).toContain('1 change needs attention');
    db.close();
  });

  it('paused for a refused token: says so, and its button opens the token form', async () => {
    const db = await freshDb();
    const [first] = await queue(db, 2);
    await pauseForAuth(db, first!, refused, NOW);
    const { onNewToken } = renderBar(await readOutboxStatus(db));
    expect(changes().textContent).toBe('2 pending');
    expect(screen.getByRole('alert').textContent).toContain(
      'Sending paused: the API token was refused. Enter a new token.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enter a new token' }));
    expect(onNewToken).toHaveBeenCalledTimes(1);
    db.close();
  });

  it("shows nothing of the outbox before its first read, and keeps the pill's place hidden from screen readers", () => {
    renderBar(undefined);
    expect(screen.queryByRole('status', { name: 'Changes' })).toBeNull();
    // The place holder is what stops the catalog age moving when the outbox is read (layout shift).
    const placeHolder = screen.getByText('All changes saved');
    expect(placeHolder?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('StatusBar following the outbox', () => {
  function Live({ outbox }: { outbox: OutboxState }) {
    return (
      <StatusBar
        online
        meta={META}
        progress={{}}
        now={NOW}
        onPullNow={vi.fn()}
        canPull
        outbox={useSubscription(outbox)}
      />
    );
  }

  it('counts a write as soon as it is stored, and clears when the worker says it landed', async () => {
    const db = await freshDb();
    const target = new EventTarget();
    // Like a BroadcastChannel, what this tab posts is not delivered back to it.
    const channel = {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      postMessage: () => undefined,
    };
    const post = (data: WorkerMessage) => target.dispatchEvent(new MessageEvent('message', { data }));
    const outbox = createOutboxState(db, channel);
    const writer = createWriter({
      db,
      channel,
      now: () => NOW,
      notify: () => undefined,
      onQueued: () => void outbox.refresh(),
      waitMs: 10,
    });
    render(<Live outbox={outbox} />);
    await waitFor(() => expect(changes().textContent).toBe('All changes saved'));

    await act(async () => void (await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Ann' } })));
    await waitFor(() => expect(changes().textContent).toBe('1 pending'));

    // The worker sends it, records it, then broadcasts.
    const [entry] = await db.getAll('outbox');
    await markDone(db, entry!, { CustomerID: 77, Forename: 'Ann' }, NOW);
    act(() => void post({ type: 'outbox-changed' }));
    await waitFor(() => expect(changes().textContent).toBe('All changes saved'));
    outbox.close();
    db.close();
  });
});
