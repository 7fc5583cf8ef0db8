/**
 * The value `map` keeps under `key`, made by `make` the first time it is asked for. Keys that come from input (a
 * time zone's name) could grow the map without end, so it starts afresh once it holds `bound` values.
 */
export function kept<T>(map: Map<string, T>, key: string, make: () => T, bound = 64): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    if (map.size >= bound) map.clear();
    map.set(key, value);
  }
  return value;
}
