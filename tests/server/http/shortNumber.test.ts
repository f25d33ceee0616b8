import { describe, expect, it } from 'vitest';
import { shortenNumber } from '../../../src/api/numbers';

describe('the number shortener (spec section 5)', () => {
  it.each([
    [0, 0],
    [7, 7],
    [999, 999],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [1250, '1.3K'],
    [15_900, '15.9K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [5_600_000, '5.6M'],
    [2_500_000_000, '2.5B'],
    [7.1e12, '7.1T'],
    [3.3e15, '3.3P'],
    [4.2e18, '4.2E'],
    [5e21, '5000.0E'],
    [-1500, '-1.5K'],
    ['2048', '2.0K'],
  ])('shortens %s to %s', (value, expected) => {
    expect(shortenNumber(value)).toBe(expected);
  });

  it.each([['abc'], [''], ['12abc'], [null], [undefined], [Number.NaN], [Infinity], [{}]])(
    'returns the non-number %s unchanged',
    (value) => {
      expect(shortenNumber(value)).toBe(value);
    },
  );
});
