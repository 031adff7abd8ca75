import { expect, test } from "vitest";
import { findInterfaceEntry, parseInterfaceText, requirementsMentioning } from "./benchmark-hints";
import { describeIdentifiers, type HintItem, renderHint } from "./render-hint";

const fn = {
  name: "get_best_parsable_locale",
  member: "get_best_parsable_locale",
  owner: null,
  kind: "function" as const,
  path: "lib/ansible/module_utils/common/locale.py",
  newFile: true,
  signature: "get_best_parsable_locale(module, preferences=None)",
};

test("Declaration renders exactly as SPEC §5 shows", () => {
  const items: HintItem[] = [{ identifier: fn, description: null, behaviour: null }];
  expect(renderHint(items, "declaration")).toBe(
    "### `get_best_parsable_locale` (function) -- `lib/ansible/module_utils/common/locale.py` [new file]\nSignature: `get_best_parsable_locale(module, preferences=None)`",
  );
  expect(renderHint(items, "name")).toBe("- `get_best_parsable_locale`");
});

test("members nest under their class; missing descriptions say so instead of inventing one", () => {
  const cls = {
    name: "RetryPolicy",
    member: "RetryPolicy",
    owner: null,
    kind: "class" as const,
    path: "netkit/http.py",
    newFile: false,
    signature: null,
  };
  const method = {
    name: "RetryPolicy.next_delay",
    member: "next_delay",
    owner: "RetryPolicy",
    kind: "method" as const,
    path: "netkit/http.py",
    newFile: false,
    signature: "next_delay(self, attempt)",
  };
  const items: HintItem[] = [
    { identifier: method, description: "Returns the delay before an attempt.", behaviour: null },
    { identifier: cls, description: null, behaviour: "Backs off exponentially." },
  ];
  expect(renderHint(items, "pro")).toBe(
    [
      "### `RetryPolicy` (class) -- `netkit/http.py`",
      "Description: none available (the benchmark gives no description; a curator may write one)",
      "Behaviour: Backs off exponentially.",
      "",
      "#### `next_delay` (method)",
      "Signature: `next_delay(self, attempt)`",
      "Description: Returns the delay before an attempt.",
      "Behaviour: none available (no requirement mentions it)",
    ].join("\n"),
  );
  // A trimmed attribute disappears from that identifier only.
  const trimmed = renderHint(
    items,
    "declaration",
    (item) => new Set(item.identifier.kind === "method" ? ["name", "kind"] : ["name", "kind", "path"]),
  );
  expect(trimmed).toBe("### `RetryPolicy` (class) -- `netkit/http.py`\n\n#### `next_delay` (method)");
});

const interfaceText = [
  "1. Type: Function",
  "Name: get_best_parsable_locale",
  "Path: lib/ansible/module_utils/common/locale.py",
  "Input: module, preferences=None",
  "Output: str",
  "Description: Returns the first preferred locale",
  "that the host offers.",
  "",
  "Struct: DMIInfo",
  "",
  "Path: lib/linux/dmi.go",
  "",
  "Description: Holds DMI information.",
].join("\n");

test("SWE-bench Pro interface blocks parse in both of their shapes", () => {
  const entries = parseInterfaceText(interfaceText);
  expect(entries).toEqual([
    {
      type: "function",
      name: "get_best_parsable_locale",
      path: "lib/ansible/module_utils/common/locale.py",
      input: "module, preferences=None",
      output: "str",
      description: "Returns the first preferred locale that the host offers.",
    },
    {
      type: "struct",
      name: "DMIInfo",
      path: "lib/linux/dmi.go",
      input: null,
      output: null,
      description: "Holds DMI information.",
    },
  ]);
  expect(findInterfaceEntry(entries, fn)?.type).toBe("function");
  expect(findInterfaceEntry(entries, { ...fn, path: "elsewhere/locale.py" })).toBeNull();
});

test("descriptions come from the interface, behaviour from the requirements that mention the name", () => {
  const requirements =
    "- `get_best_parsable_locale` must prefer C.utf8.\n- Output parsing must not change.\n- When get_best_parsable_locale finds nothing it returns C.";
  expect(requirementsMentioning(requirements, "get_best_parsable_locale")).toEqual([
    "`get_best_parsable_locale` must prefer C.utf8.",
    "When get_best_parsable_locale finds nothing it returns C.",
  ]);
  const [item] = describeIdentifiers([fn], { interfaceEntries: parseInterfaceText(interfaceText), requirements });
  expect(item?.description).toBe("Returns the first preferred locale that the host offers.");
  expect(item?.behaviour).toBe(
    "`get_best_parsable_locale` must prefer C.utf8. When get_best_parsable_locale finds nothing it returns C.",
  );
});

test("a new file's entry names its path once", async () => {
  const { renderHint } = await import("./render-hint");
  const file = {
    name: "lib/locale.py",
    member: "lib/locale.py",
    owner: null,
    kind: "file",
    path: "lib/locale.py",
    newFile: true,
    signature: null,
  };
  const text = renderHint(
    [{ identifier: file, description: null }] as never,
    "declaration",
    () => new Set(["name", "kind", "path", "new_file"]) as never,
  );
  expect(text).toBe("### `lib/locale.py` (file) [new file]");
});
