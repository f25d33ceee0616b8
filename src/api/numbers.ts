/**
 * The spec's number shortener (section 5): 1234 -> "1.2K", 5_600_000 -> "5.6M", with units
 * K, M, B, T, P, E and one decimal. A value that is not a number, and a number below 1000, comes
 * back unchanged. Rounding never shows "1000.0K": it moves to the next unit ("1.0M") instead.
 */
const UNITS = ['', 'K', 'M', 'B', 'T', 'P', 'E'] as const;

export function shortenNumber<T>(value: T): T | string {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || Math.abs(number) < 1000) return value;
  let magnitude = Math.abs(number);
  let unit = 0;
  while (magnitude >= 1000 && unit < UNITS.length - 1) {
    magnitude /= 1000;
    unit += 1;
  }
  let rounded = Math.round(magnitude * 10) / 10;
  if (rounded >= 1000 && unit < UNITS.length - 1) {
    rounded = Math.round(rounded / 100) / 10;
    unit += 1;
  }
  return `${number < 0 ? '-' : ''}${rounded.toFixed(1)}${UNITS[unit]}`;
}
