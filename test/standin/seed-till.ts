/**
 * Seeded till set-up: tender types, discount reasons, the floor plan, popup notes and
 * multiple-choice options, and per-area prices.
 */
import { chance, intBetween, money, pick, type Random } from './prng.ts';

type Row = Record<string, unknown>;

/** Ways to pay. */
export function seedTenderTypes(): Row[] {
  return [
    { Name: 'Cash', Description: 'Notes and coins' },
    { Name: 'Card', Description: 'Chip, PIN and contactless' },
    { Name: 'Voucher', Description: 'Paper voucher' },
    { Name: 'Gift Card', Description: null },
    { Name: 'Account', Description: 'Charge to customer account' },
    { Name: 'Cheque', Description: null },
    { Name: 'Deposit', Description: 'Taken against a booking' },
  ];
}

/** Why a discount is given, with a default percentage. */
export function seedDiscountReasons(): Row[] {
  return [
    { Reason: 'Staff', DefaultVal: 20 },
    { Reason: 'Loyalty', DefaultVal: 10 },
    { Reason: 'Damaged', DefaultVal: 50 },
    { Reason: 'Manager', DefaultVal: 15 },
    { Reason: 'Student', DefaultVal: 10 },
    { Reason: 'Happy Hour', DefaultVal: 25 },
    { Reason: 'Price Match', DefaultVal: 5 },
    { Reason: 'Complaint', DefaultVal: 100 },
  ];
}

/** Forty tables on an 8-wide grid across three seating areas. */
export function seedSeatingTables(random: Random): Row[] {
  return Array.from({ length: 40 }, (_, i) => ({
    Name: `Table ${i + 1}`,
    Seats: pick(random, [2, 2, 4, 4, 4, 6, 8]),
    SeatingAreaID: i < 20 ? 1 : i < 32 ? 2 : 3,
    PosX: (i % 8) * 120 + 40,
    PosY: Math.floor(i / 8) * 120 + 40,
  }));
}

/** Notes that pop up on the till when certain products are sold. */
export function seedPopupNotes(): Row[] {
  return [
    { ShortDesc: 'Allergens', Description: 'Ask about allergies before serving.' },
    { ShortDesc: 'Age check', Description: 'Challenge 25: ask for ID.' },
    { ShortDesc: 'Hot', Description: 'Served very hot.' },
    { ShortDesc: 'Nuts', Description: 'Contains nuts.' },
    { ShortDesc: 'Cooking time', Description: 'Allow 12 minutes.' },
    { ShortDesc: 'Deposit', Description: 'Returnable cup deposit applies.' },
  ];
}

/** Options offered by multiple-choice prompts. */
export function seedMultipleChoiceOptions(random: Random): Row[] {
  const messages = [
    'Oat milk',
    'Soy milk',
    'Extra shot',
    'Decaf',
    'Vanilla syrup',
    'Caramel syrup',
    'No sugar',
    'Extra hot',
    'Toasted',
    'Gluten-free bread',
    'Side salad',
    'Chips',
  ];
  return messages.map((message) => ({
    Message: message,
    NoteID: chance(random, 0.2) ? intBetween(random, 1, 6) : null,
  }));
}

/** Products placed in multiple-choice groups. */
export function seedMultipleChoiceProductGroupItems(random: Random, products: number): Row[] {
  return Array.from({ length: 20 }, (_, i) => ({
    ProductID: intBetween(random, 1, Math.max(products, 1)),
    MultipleChoiceProductGroupID: Math.floor(i / 5) + 1,
    TillOrder: (i % 5) + 1,
  }));
}

/** Prices that differ by location area (bar, terrace...). */
export function seedProductLocationAreaPrices(random: Random, products: number): Row[] {
  return Array.from({ length: 10 }, () => {
    const price = money(2 + random() * 8);
    return {
      ProductID: intBetween(random, 1, Math.max(products, 1)),
      LocationAreaID: intBetween(random, 1, 3),
      SalePrice: price,
      EatOutPrice: money(price * 1.1),
    };
  });
}
