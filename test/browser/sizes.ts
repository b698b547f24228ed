/** The counter's sizes, which every screen is made for: a till, a tablet upright, a phone. */
export const COUNTER_SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
] as const;
