import { expect, test } from "vitest";
import { type AnalysisCase, analyseCase, describe as describeName, picked } from "../testing/analysis-helpers";

test.each<[string, AnalysisCase, string[]]>([
  [
    "TypeScript: a new file's function and options interface, imported by relative path, options passed by key",
    {
      code: [
        {
          path: "src/format/bytes.ts",
          before: null,
          after:
            "export interface FormatBytesOptions {\n  binary?: boolean;\n}\n\nexport function formatBytes(value: number, options: FormatBytesOptions = {}): string {\n  return String(value);\n}\n",
        },
      ],
      test: [
        {
          path: "test/bytes.test.ts",
          before: null,
          after:
            'import { formatBytes } from "../src/format/bytes";\n\nit("binary", () => {\n  expect(formatBytes(1536, { binary: true })).toBe("1.5 KiB");\n});\n',
        },
      ],
    },
    ["FormatBytesOptions.binary", "formatBytes", "src/format/bytes.ts"],
  ],
  [
    "TypeScript: a method added to a class, the hunk ending on the class's closing brace",
    {
      code: [
        {
          path: "src/store.ts",
          before:
            "export class Store<T> {\n  constructor(private state: T) {}\n\n  getState(): T {\n    return this.state;\n  }\n\n  setState(next: T): void {\n    this.state = next;\n  }\n}\n",
          after:
            "export class Store<T> {\n  constructor(private state: T) {}\n\n  getState(): T {\n    return this.state;\n  }\n\n  setState(next: T): void {\n    this.state = next;\n  }\n\n  subscribeOnce(listener: (s: T) => void): () => void {\n    return () => {};\n  }\n}\n",
        },
      ],
      codeContext: () => "export class Store<T> {",
      test: [
        {
          path: "test/store.test.ts",
          before: "",
          after: 'it("once", () => {\n  const store = new Store(0);\n  store.subscribeOnce(() => {});\n});\n',
        },
      ],
    },
    ["Store.subscribeOnce"],
  ],
  [
    "JavaScript: a function added to an existing module, required by the test",
    {
      code: [
        {
          path: "lib/slug.js",
          before: "function clean(s) {\n  return s.trim();\n}\n\nmodule.exports = { clean };\n",
          after:
            "function clean(s) {\n  return s.trim();\n}\n\nfunction slugify(text, opts) {\n  return clean(text).toLowerCase();\n}\n\nmodule.exports = { clean, slugify };\n",
        },
      ],
      test: [
        {
          path: "test/slug.test.js",
          before: 'const { clean } = require("../lib/slug");\n',
          after:
            'const { clean, slugify } = require("../lib/slug");\n\ntest("slug", () => {\n  expect(slugify(" A ")).toBe("a");\n});\n',
        },
      ],
    },
    ["slugify"],
  ],
  [
    "JavaScript: an arrow function constant and a class field",
    {
      code: [
        {
          path: "src/queue.js",
          before: "export class Queue {\n}\n",
          after:
            "export const DEFAULT_LIMIT = 10;\n\nexport const createQueue = (limit = DEFAULT_LIMIT) => new Queue(limit);\n\nexport class Queue {\n  pending = [];\n}\n",
        },
      ],
      test: [
        {
          path: "test/queue.test.js",
          before: "",
          after:
            'import { createQueue } from "../src/queue";\n\ntest("empty", () => {\n  expect(createQueue().pending).toEqual([]);\n});\n',
        },
      ],
    },
    ["Queue.pending", "createQueue"],
  ],
])("%s", async (_name, c, expected) => {
  expect(picked(await analyseCase(c), "defuse")).toEqual(expected);
});

test("TypeScript signatures are shown as declared", async () => {
  const analysis = await analyseCase({
    code: [
      {
        path: "src/a.ts",
        before: "",
        after: "export function pick<T>(items: T[], n = 1): T[] {\n  return items.slice(0, n);\n}\n",
      },
    ],
    test: [{ path: "test/a.test.ts", before: "", after: 'import { pick } from "../src/a";\npick([1], 1);\n' }],
  });
  expect(describeName(analysis, "pick")).toMatchObject({
    kind: "function",
    status: "new",
    signature: "pick<T>(items: T[], n = 1): T[]",
  });
});
