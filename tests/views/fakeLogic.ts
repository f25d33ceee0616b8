/**
 * An area's logic for a test that only needs some of its machines: the parts given, and a clear
 * failure if the screen reaches for one the test did not hand in.
 */
export function fakeLogic<L extends object>(parts: Partial<L>): L {
  return new Proxy(parts, {
    get(target, key) {
      if (key in target || typeof key === 'symbol') return Reflect.get(target, key);
      throw new Error(`the test gave no fake for "${key}"`);
    },
  }) as L;
}
