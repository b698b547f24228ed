/**
 * Seeded people records: customers, customer types, booking customers, staff access rights and
 * clockings. Phone numbers are in Ofcom's drama range and e-mail domains are reserved ones.
 */
import { ACCESS_RIGHT_FLAGS, ACCESS_RIGHT_LIMITS } from './fields.ts';
import { chance, dateBetween, intBetween, localDateTime, money, pick, type Random } from './prng.ts';

type Row = Record<string, unknown>;

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Mx'];
const FORENAMES = [
  'Olivia',
  'Amelia',
  'Zoë',
  'Isla',
  'Ava',
  'Siân',
  'Noah',
  'Oliver',
  'George',
  'José',
  'Arthur',
  'Muhammad',
  'Leo',
  'Freya',
  'Aoife',
  'Chloé',
  'Rhys',
  'Dylan',
  'Priya',
  'Björn',
  'Grace',
  'Harry',
  'Mia',
  'Ewan',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  "O'Brien",
  'Müller',
  'Núñez',
  'Patel',
  'Khan',
  'Wilson',
  'Thomas',
  'Roberts',
  'Hughes',
  'MacDonald',
  'Łukasik',
  'Walker',
  'Wright',
  'Green',
  'Hall',
];
const BUSINESSES = ['Harbour Lights Ltd', 'The Green Grocer', 'Café Noir', 'Brightside Events', 'Kilnworks Studio'];

/** Customer types: the `Type` field of a customer points at one of these. */
export function seedCustomerTypes(): Row[] {
  return [
    { Name: 'Standard', Discount: 0, Description: 'Walk-in customer', DefaultExpiryLength: null, DefaultMaxCredit: 0 },
    {
      Name: 'Loyalty',
      Discount: 5,
      Description: 'Loyalty scheme member',
      DefaultExpiryLength: 365,
      DefaultMaxCredit: 0,
    },
    {
      Name: 'Trade',
      Discount: 10,
      Description: 'Trade account, invoiced monthly',
      DefaultExpiryLength: null,
      DefaultMaxCredit: 500,
    },
    { Name: 'Staff', Discount: 20, Description: null, DefaultExpiryLength: null, DefaultMaxCredit: 50 },
  ];
}

/** About 200 customers with names (some accented), contact details and loyalty figures. */
export function seedCustomers(random: Random, count = 200): Row[] {
  const rows: Row[] = [];
  for (let i = 1; i <= count; i++) {
    const forename = pick(random, FORENAMES);
    const surname = pick(random, SURNAMES);
    const type = intBetween(random, 1, 4);
    const local = `${forename}.${surname}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const signUp = dateBetween(random, '2014-03-01T08:00:00', '2024-11-30T20:00:00');
    rows.push({
      Title: chance(random, 0.8) ? pick(random, TITLES) : null,
      Forename: forename,
      Surname: surname,
      BusinessName: type === 3 ? pick(random, BUSINESSES) : null,
      DateOfBirth: chance(random, 0.5)
        ? `${dateBetween(random, '1950-01-01T00:00:00', '2005-12-31T00:00:00').slice(0, 10)}T00:00:00`
        : null,
      ContactNumber: `07700 900${String(intBetween(random, 0, 999)).padStart(3, '0')}`,
      ContactNumber2: chance(random, 0.1) ? `020 7946 0${String(intBetween(random, 0, 999)).padStart(3, '0')}` : null,
      EmailAddress: chance(random, 0.85) ? `${local}${i}@example.com` : null,
      Type: type,
      MaxCredit: type === 3 ? 500 : 0,
      CurrentBalance: type === 3 ? money(random() * 300) : 0,
      ExpiryDate: type === 2 ? localDateTime(Date.parse(`${signUp}Z`) + 365 * 86_400_000) : null,
      CardNumber: chance(random, 0.6) ? `6337${String(100000 + i * 37).padStart(8, '0')}` : null,
      CurrentPoints: type === 2 ? intBetween(random, 0, 2500) : 0,
      SignUpDate: signUp,
      Notes: chance(random, 0.08) ? pick(random, ['Nut allergy', 'Prefers oat milk', 'Regular on Fridays']) : null,
      SignUpLocationID: intBetween(random, 1, 2),
      MainAddressID: null,
    });
  }
  return rows;
}

/** Customers attached to table bookings. */
export function seedBookingCustomers(random: Random, customers: number): Row[] {
  return Array.from({ length: 12 }, (_, i) => ({
    BookingID: i + 1,
    CustomerID: intBetween(random, 1, Math.max(customers, 1)),
    GroupSize: intBetween(random, 1, 10),
    Notes: chance(random, 0.3) ? pick(random, ['Birthday', 'High chair needed', 'Window seat please']) : null,
  }));
}

/** Access rights: owner down to trainee, each with every permission flag and limit. */
export function seedAccessRights(): Row[] {
  const levels: [string, string, number, number][] = [
    ['Owner', 'Everything', 30, 100],
    ['Manager', 'Runs the shop, no settings', 24, 50],
    ['Supervisor', 'Refunds and end of day', 14, 20],
    ['Staff', 'Till only', 6, 10],
    ['Trainee', 'Till, no refunds', 3, 0],
  ];
  return levels.map(([name, description, allowed, limit]) => {
    const row: Row = { Name: name, Description: description };
    ACCESS_RIGHT_FLAGS.forEach((flag, index) => {
      row[flag] = index < allowed;
    });
    for (const field of ACCESS_RIGHT_LIMITS) row[field] = limit;
    return row;
  });
}

/** Pay multipliers for clockings. */
export function seedClockingTypes(): Row[] {
  return [
    { Name: 'Normal', PayrateMultiplier: 1 },
    { Name: 'Overtime', PayrateMultiplier: 1.5 },
    { Name: 'Bank Holiday', PayrateMultiplier: 2 },
    { Name: 'Training', PayrateMultiplier: 1 },
  ];
}

/** Staff shifts; the last one is still clocked in (OutTime null). */
export function seedClockings(random: Random): Row[] {
  const rows: Row[] = [];
  const day = Date.parse('2024-11-04T00:00:00Z');
  for (let i = 0; i < 20; i++) {
    const start = day + Math.floor(i / 4) * 86_400_000 + intBetween(random, 6, 12) * 3_600_000;
    const hours = intBetween(random, 4, 9);
    const open = i === 19;
    rows.push({
      StaffID: (i % 5) + 1,
      InTime: localDateTime(start),
      OutTime: open ? null : localDateTime(start + hours * 3_600_000),
      HoursWorked: open ? null : hours,
      Notes: chance(random, 0.15) ? 'Covered a late shift' : null,
      ClockingTypeID: chance(random, 0.8) ? 1 : intBetween(random, 2, 4),
    });
  }
  return rows;
}
