import type { Page } from 'playwright-core';

/** The counter's sizes, which every screen is made for: a till, a tablet upright, a phone. */
export const COUNTER_SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
] as const;

/** Narrower than this (app/ui/till/order-pad.tsx's NARROW), the basket and payment are a sheet over the products. */
export const TILL_WIDTH = 900;

/** Whether `page` is as narrow as a tablet or phone, where the basket opens from the sale bar's total. */
export function isNarrow(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) < TILL_WIDTH;
}
