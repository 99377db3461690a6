/** Amount helpers: USD values to integer smallest-unit strings and decimal strings. */

/** Integer amount (smallest unit) for `usd` worth of a currency with `priceUsd` and `decimals`. */
export function unitsFromUsd(usd: number, priceUsd: number, decimals: number): bigint {
  const tokens = usd / priceUsd;
  const micro = BigInt(Math.max(0, Math.round(tokens * 1e6)));
  return decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals);
}

/** Decimal string of an integer amount (`amountFormatted`), without trailing zeros. */
export function formatUnits(amount: bigint, decimals: number): string {
  const neg = amount < 0n;
  const abs = neg ? -amount : amount;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  let frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  if (decimals === 0) frac = '';
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** USD decimal string with six places, as the service prints them (`9997.600000`). */
export function usd(value: number): string {
  return (Math.round(value * 1e6) / 1e6).toFixed(6);
}
