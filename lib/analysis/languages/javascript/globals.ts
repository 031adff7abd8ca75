/**
 * The interfaces ECMAScript's library declares globally. One a file declares at its top, unexported
 * (`interface Promise<T> { catch… }` in a `.d.ts`, or under `declare global`), merges into the built-in: a name
 * the patch did not choose, there before it; its new members are still new. (Not the DOM's `Node`, `Event` or
 * `Request`: names a project's own types often take.)
 */
export const GLOBAL_INTERFACES = new Set(
  (
    "Array ReadonlyArray ArrayConstructor Promise PromiseLike PromiseConstructor Map ReadonlyMap MapConstructor Set " +
    "ReadonlySet SetConstructor WeakMap WeakSet WeakRef Object ObjectConstructor String StringConstructor Number " +
    "NumberConstructor Boolean Symbol SymbolConstructor BigInt Date DateConstructor RegExp Error ErrorConstructor " +
    "Function CallableFunction NewableFunction JSON Math Iterable Iterator IterableIterator AsyncIterable " +
    "AsyncIterator Generator AsyncGenerator ArrayBuffer DataView Uint8Array Int8Array Float32Array Float64Array " +
    "Int32Array Uint32Array Int16Array Uint16Array Uint8ClampedArray TemplateStringsArray"
  ).split(" "),
);
