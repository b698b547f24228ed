import { describe, expect, it, vi } from 'vitest';
import { askForStorage, canAskForStorage } from '../../app/page/storage-access.ts';

describe('asking the browser for storage access', () => {
  it('can ask only where the browser has the Storage Access API', () => {
    expect(canAskForStorage({ requestStorageAccess: async () => undefined })).toBe(true);
    expect(canAskForStorage({})).toBe(false);
  });

  it('answers granted when the browser grants it, and does not ask again when it already has', async () => {
    const requestStorageAccess = vi.fn(async () => undefined);
    expect(await askForStorage({ hasStorageAccess: async () => false, requestStorageAccess })).toBe('granted');
    expect(requestStorageAccess).toHaveBeenCalledTimes(1);
    expect(await askForStorage({ hasStorageAccess: async () => true, requestStorageAccess })).toBe('granted');
    expect(requestStorageAccess).toHaveBeenCalledTimes(1);
  });

  it('answers refused when the browser says no with a DOMException, unsupported without the API', async () => {
    const no = async () => Promise.reject(new DOMException('Permission denied.', 'NotAllowedError'));
    expect(await askForStorage({ requestStorageAccess: no })).toBe('refused');
    expect(await askForStorage({})).toBe('unsupported');
  });

  it('throws anything else: a bug, not the browser’s answer', async () => {
    const bug = new TypeError('not a function');
    await expect(askForStorage({ requestStorageAccess: async () => Promise.reject(bug) })).rejects.toBe(bug);
  });
});
