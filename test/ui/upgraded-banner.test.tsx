// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTillDb } from '../../app/store/db.ts';
import { DB_VERSION } from '../../app/store/schema.ts';
import { UpgradedBanner } from '../../app/ui/upgraded-banner.tsx';

afterEach(cleanup);

let opened = 0;

describe('UpgradedBanner', () => {
  it('asks to reload once another tab opens the database at a newer version, and reloads', async () => {
    const name = `upgraded-banner-${process.pid}-${++opened}`;
    const db = await openTillDb({ name });
    const reload = vi.fn();
    render(<UpgradedBanner db={db} onReload={reload} />);
    expect(screen.queryByRole('alert')).toBeNull();
    // What a newer version of the app does in another tab.
    const newer = await openDB(name, DB_VERSION + 1);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This till was updated in another tab. Reload to carry on.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    newer.close();
  });
});
