// SWE-bench Pro `interface` layouts, each as the shared sample writes it (abridged), and what a hint takes.
import { expect, test } from "vitest";
import { findInterfaceEntry, oneSentence, parseInterfaceText } from "./benchmark-hints";
import { describedNames, interfaceCoverage } from "./interface-coverage";
import { renderHint } from "./render-hint";

const entries = (text: string) => parseInterfaceText(text).map((e) => [e.type, e.name, e.path, e.description]);

test.each([
  [
    "Type then Name (qutebrowser)",
    "Type: Function\nName: extra_suffixes_workaround\nPath: qutebrowser/browser/webengine/webview.py\nDescription: Returns extra suffixes.",
    [["function", "extra_suffixes_workaround", "qutebrowser/browser/webengine/webview.py", "Returns extra suffixes."]],
  ],
  [
    "Name then Type, File (tutanota)",
    "Name: EntropyFacade\n Type: Class\nFile: src/api/worker/facades/EntropyFacade.ts\nDescription: New worker-side facade.",
    [["class", "EntropyFacade", "src/api/worker/facades/EntropyFacade.ts", "New worker-side facade."]],
  ],
  [
    "bulleted one-liners with Go signatures and Summary (vuls)",
    "- Type: `config.EOL`\n\n\u00a0 - File: `config/os.go`\n\n\u00a0 - Summary: Holds support end dates.\n\n- Method: `func (e EOL) IsStandardSupportEnded(now time.Time) bool`\n\n\u00a0 - File: `config/os.go`\n\n\u00a0 - Summary: Returns `true` once ended.",
    [
      ["type", "config.EOL", "config/os.go", "Holds support end dates."],
      ["method", "IsStandardSupportEnded", "config/os.go", "Returns `true` once ended."],
    ],
  ],
  [
    "bold keys and headings (openlibrary, protonmail)",
    "#### Type: Class\n\n**Name:** `AnnotatedSeedDict`\n\n**Path: ** openlibrary/core/lists/model.py\n\n**Description:** A JSON-friendly seed.",
    [["class", "AnnotatedSeedDict", "openlibrary/core/lists/model.py", "A JSON-friendly seed."]],
  ],
  [
    "Type: New Public Method with Class: its owner (element-web)",
    "Type: New Public Method\n\nName: setCurrent\n\nClass: VoiceBroadcastRecordingsStore\n\nPath: src/stores/Store.ts\n\nDescription: Sets the current recording.",
    [["method", "setCurrent", "src/stores/Store.ts", "Sets the current recording."]],
  ],
  [
    "a one-line entry with its description after the name (navidrome)",
    "* Method: `Values`. Retrieves all active values stored in the cache.\nReceiver: `c` <*simpleCache[K, V]>",
    [["method", "Values", null, "Retrieves all active values stored in the cache."]],
  ],
  [
    "dash keys without a space, lower-case keys (qutebrowser)",
    "-Type: method \n-name: `from_qt` \n-input: (cls, qt_version) \n-output: WebEngineVersions \n-Description: Returns versions from Qt.",
    [["method", "from_qt", null, "Returns versions from Qt."]],
  ],
  [
    "a path with a note after it (qutebrowser)",
    "Type: Function\nName: is_special\nPath: qutebrowser/keyinput/keyutils.py (as method of KeyInfo)\nDescription: Whether the key needs special syntax.",
    [["function", "is_special", "qutebrowser/keyinput/keyutils.py", "Whether the key needs special syntax."]],
  ],
])("%s", (_name, text, expected) => {
  expect(entries(text)).toEqual(expected);
});

test("a field never takes the description of a same-named type; an entry's class must be the member's", () => {
  const parsed = parseInterfaceText(
    "Type: Struct\nName: Shares\nPath: server/responses.go\nDescription: A slice of shares.\n\nType: Method\nName: stop\nClass: Recording\nPath: src/Recording.ts\nDescription: Stops it.",
  );
  const field = {
    name: "Subsonic.Shares",
    member: "Shares",
    owner: "Subsonic",
    kind: "field",
    path: "server/responses.go",
  };
  expect(findInterfaceEntry(parsed, field)).toBeNull();
  const struct = { name: "Shares", member: "Shares", owner: null, kind: "struct", path: "server/responses.go" };
  expect(findInterfaceEntry(parsed, struct)?.description).toBe("A slice of shares.");
  const other = { name: "Store.stop", member: "stop", owner: "Store", kind: "method", path: "src/Recording.ts" };
  expect(findInterfaceEntry(parsed, other)).toBeNull();
  expect(findInterfaceEntry(parsed, { ...other, name: "Recording.stop", owner: "Recording" })?.description).toBe(
    "Stops it.",
  );
});

test("Declaration + Doc states one sentence of at most 20 words; Pro keeps the whole text", () => {
  const long =
    "Parses a string into a matcher expression supporting string literals, wildcard patterns, regular expressions, and specific regexp calls for positive and negative matching. Rejects variables.";
  expect(oneSentence(long)).toBe(
    "Parses a string into a matcher expression supporting string literals, wildcard patterns, regular expressions, and specific regexp calls for positive …",
  );
  expect(oneSentence("Stops it. Then cleans up.")).toBe("Stops it.");
  // Twenty words exactly stay whole.
  expect(oneSentence(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).not.toContain("…");
  const item = {
    identifier: {
      name: "Match",
      member: "Match",
      owner: null,
      path: "lib/parse.go",
      newFile: false,
      signature: null,
      kind: "function",
    },
    description: long,
    behaviour: null,
  };
  expect(renderHint([item], "declaration_doc")).toContain(
    "Description: Parses a string into a matcher expression supporting",
  );
  expect(renderHint([item], "declaration_doc")).not.toContain("Rejects variables.");
  expect(renderHint([item], "pro")).toContain("Rejects variables.");
});

test("coverage counts the names documented with a description that the hint gets", () => {
  const text =
    "Type: Function\nName: Match\nPath: lib/parse.go\nDescription: Parses it.\n\nType: Function\nName: Helper\nPath: lib/parse.go\nOutput: error";
  expect([...describedNames(text).keys()]).toEqual(["Match"]);
  const identifier = (name: string) => ({
    name,
    member: name,
    owner: null,
    kind: "function",
    path: "lib/parse.go",
    side: "code",
    status: "new",
  });
  expect(interfaceCoverage(text, [identifier("Match"), identifier("Helper")])).toEqual({
    documented: 1,
    described: 1,
    misses: [],
  });
});
