// @vitest-environment happy-dom
/** The status bar while the till waits on something that is not a failure: a held pull, the account's API limit. */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHED_KINDS } from '../../app/epos/kinds.ts';
import type { KindMeta } from '../../app/store/schema.ts';
import { StatusBar, type StatusBarProps } from '../../app/ui/status-bar.tsx';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

function meta(overrides: Partial<Record<KindMeta['kind'], Partial<KindMeta>>> = {}): KindMeta[] {
  return CACHED_KINDS.map((kind) => ({
    kind,
    gen: 1,
    lastGen: 1,
    count: 5,
    pulledAt: NOW - 60_000,
    attemptedAt: NOW,
    lastError: null,
    ...overrides[kind],
  }));
}

function renderBar(props: Partial<StatusBarProps> = {}) {
  render(<StatusBar online meta={meta()} progress={{}} now={NOW} onPullNow={() => undefined} canPull {...props} />);
}

describe('StatusBar: a pull held for a person', () => {
  it('says what Epos Now lists now, what the till had, and that it keeps selling from that', () => {
    renderBar({
      meta: meta({
        Product: { count: 3_000, held: { gen: 2, count: 0, startedAt: NOW, at: NOW } },
        TenderType: { count: 4, held: { gen: 2, count: 1, startedAt: NOW, at: NOW } },
      }),
    });
    const notice = screen
      .getByText(/Epos Now now lists 0 products \(was 3,000\)\. Epos Now now lists 1 tender types \(was 4\)\./)
      .closest('p');
    expect(notice?.textContent).toMatch(
      /The till keeps selling from its stored list until a manager keeps it or accepts the new one in Back office › Sync\.$/,
    );
  });

  it('says nothing when no pull is held', () => {
    renderBar({ meta: meta({ Product: { held: null } }) });
    expect(screen.queryByText(/Epos Now now lists/)).toBeNull();
  });
});

describe("StatusBar: Epos Now's API limit", () => {
  it('says the account reached its limit and when the till tries again, while it waits, and not after', () => {
    const until = NOW + 5 * 60_000;
    const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(until);
    renderBar({ apiLimitUntil: until });
    expect(screen.getByText(/API limit/).textContent).toBe(
      `Epos Now\u2019s API limit for this account was reached; trying again at ${time}. Sales and changes are kept on this till meanwhile.`,
    );
    // A limit is a wait, not a refused token: no token form is offered.
    expect(screen.queryByRole('button', { name: 'Enter a new token' })).toBeNull();
    cleanup();
    renderBar({ apiLimitUntil: until, now: until });
    expect(screen.queryByText(/API limit/)).toBeNull();
  });
});
