/**
 * Maps keyed by names from the data (identifiers, fields, languages, attributes) must never answer with
 * something inherited: `{}["constructor"]` is Object's constructor function, and `{}["__proto__"]` is its
 * prototype. These read and write own keys only.
 */

/** The value stored under `key` itself, or undefined (never an inherited member such as `toString`). */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets `key` as an own, enumerable property (assignment to `__proto__` would replace the prototype instead). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
