import { z } from 'zod';

/**
 * Money as the accounting APIs read it: a JSON decimal with at most two places. Checked on the number's
 * own decimal text (what the JSON carried), not by multiplying floats: 19.99 * 100 is 1998.9999999999998,
 * and a float check refused valid amounts such as 80.9, 19.99 and 1192.91.
 */
export const twoDecimalAmount = z
  .number()
  .positive()
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), 'at most 2 decimals');

/** An amount of at most two decimals in integer cents, so totals are summed exactly. */
export const centsOf = (amount: number) => Math.round(amount * 100);

/** The sum of amounts, exact to the cent, as the decimal the API answers. */
export const sumAmounts = (amounts: readonly number[]) =>
  amounts.reduce((cents, amount) => cents + centsOf(amount), 0) / 100;
