/** The JS heap a page holds, after a forced garbage collection, so garbage waiting to go is not counted. */
import type { Page } from 'playwright-core';

/** Used JS heap of `page` in MB (2^20 bytes), after a full GC. */
export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}
