import { expect, test } from "vitest";
import { composeHintLine } from "../export/compose-line";
import { serialiseLine } from "../export/hint-lines";
import {
  composeHint,
  descriptionProblem,
  isTrimmed,
  NO_TRIM,
  withAttributes,
  withDescription,
  withIdentifier,
  withMessage,
} from "./compose-hint";
import { canonicalTrim, hintFingerprint } from "./fingerprint";

const source = {
  interfaceText: null,
  requirements: null,
  identifiers: [
    {
      name: "parse_duration",
      member: "parse_duration",
      owner: null,
      kind: "function",
      path: "util/time.py",
      newFile: false,
      signature: "parse_duration(text)",
      policies: ["defuse"],
    },
  ],
};

test("a curator-written description replaces the missing one and is marked as the curator's", () => {
  const plain = composeHint(source, "defuse", "declaration_doc");
  expect(plain.text).toContain("Description: none available");
  expect(plain.kept[0]?.describedBy).toBeNull();
  const trim = {
    identifiers: [],
    attributes: {},
    descriptions: { parse_duration: "Turns a text such as 1h30m into seconds." },
  };
  const written = composeHint(source, "defuse", "declaration_doc", trim);
  expect(written.text).toBe(
    "### `parse_duration` (function) -- `util/time.py`\nSignature: `parse_duration(text)`\nDescription: Turns a text such as 1h30m into seconds.",
  );
  expect(written.kept[0]?.describedBy).toBe("curator");
  // The description is part of what was decided: another text, another fingerprint.
  expect(hintFingerprint("s", "defuse", "declaration_doc", trim)).not.toBe(
    hintFingerprint("s", "defuse", "declaration_doc", { ...trim, descriptions: { parse_duration: "Parses it." } }),
  );
  // A blank description is no description.
  expect(hintFingerprint("s", "defuse", "declaration_doc", { ...trim, descriptions: { parse_duration: " " } })).toBe(
    hintFingerprint("s", "defuse", "declaration_doc", { identifiers: [], attributes: {} }),
  );
});

test.each([
  ["Turns a text into seconds.", null],
  [Array.from({ length: 21 }, () => "word").join(" "), "21 words: at most 20"],
  ["Parses it. Then caches it.", "one sentence only"],
])("description %j: %s", (text, problem) => {
  expect(descriptionProblem(text)).toBe(problem);
});

test("an exported line names a curator-written description as the curator's", () => {
  const line = composeHintLine(
    { ...source, externalId: "x-1", benchmark: "B", hintSource: "h" },
    "defuse",
    "declaration_doc",
    {
      status: "trimmed",
      sourceHash: "h",
      trim: { identifiers: [], attributes: {}, descriptions: { parse_duration: "Parses a duration." } },
      flagReason: null,
      note: null,
    },
  );
  expect(line.status).toBe("trimmed");
  expect(line.identifiers[0]).toMatchObject({ name: "parse_duration", described_by: "curator" });
  expect(serialiseLine(line)).toContain('"described_by":"curator"');
});

test("identifiers that share a name (one in each of two files) are trimmed apart; an older by-name trim still reads", () => {
  const saveIn = (path: string) => ({
    name: "Props.saveDeviceName",
    member: "saveDeviceName",
    owner: "Props",
    kind: "method",
    path,
    newFile: false,
    signature: null,
    policies: ["defuse"],
  });
  const twice = {
    ...source,
    identifiers: [saveIn("src/settings/A.ts"), saveIn("src/login/B.ts"), ...source.identifiers],
  };
  const all = composeHint(twice, "defuse", "declaration");
  expect(all.kept.map((i) => i.path)).toEqual(["src/settings/A.ts", "src/login/B.ts", "util/time.py"]);

  // Unticking one leaves the other.
  const one = withIdentifier(NO_TRIM, all.selected, all.selected[0] as (typeof all.selected)[number], true);
  expect(one.identifiers).toEqual(["Props.saveDeviceName @ src/settings/A.ts"]);
  expect(composeHint(twice, "defuse", "declaration", one).kept.map((i) => i.path)).toEqual([
    "src/login/B.ts",
    "util/time.py",
  ]);
  // A unique name keeps its plain key (trims made before stay canonical).
  expect(
    withIdentifier(NO_TRIM, all.selected, all.selected[2] as (typeof all.selected)[number], true).identifiers,
  ).toEqual(["parse_duration"]);

  // An older trim by name removes both, as it did; ticking one back spells the choice out per file.
  const legacy = { identifiers: ["Props.saveDeviceName"], attributes: { "Props.saveDeviceName": ["path" as const] } };
  expect(composeHint(twice, "defuse", "declaration", legacy).kept.map((i) => i.path)).toEqual(["util/time.py"]);
  const back = withIdentifier(legacy, all.selected, all.selected[1] as (typeof all.selected)[number], false);
  expect(back.identifiers).toEqual(["Props.saveDeviceName @ src/settings/A.ts"]);
  expect(back.attributes).toEqual({
    "Props.saveDeviceName @ src/settings/A.ts": ["path"],
    "Props.saveDeviceName @ src/login/B.ts": ["path"],
  });
  const kept = composeHint(twice, "defuse", "declaration", back).kept;
  expect(kept.map((i) => [i.path, i.attributes.includes("path")])).toEqual([
    ["src/login/B.ts", false],
    ["util/time.py", true],
  ]);

  // Attributes and descriptions per file too.
  const described = withDescription(
    NO_TRIM,
    all.selected,
    all.selected[1] as (typeof all.selected)[number],
    "Saves the name.",
  );
  const doc = composeHint(twice, "defuse", "declaration_doc", described);
  expect(doc.kept.map((i) => i.describedBy)).toEqual([null, "curator", null]);
  const noPath = withAttributes(NO_TRIM, all.selected, all.selected[0] as (typeof all.selected)[number], ["path"]);
  expect(composeHint(twice, "defuse", "declaration", noPath).kept.map((i) => i.attributes.includes("path"))).toEqual([
    false,
    true,
    true,
  ]);
});

test("a curator can disclose a test-facing message: stated under Declaration and above, not under Name only", () => {
  const trim = withMessage(NO_TRIM, "Invalid unit: {…}", true);
  const declared = composeHint(source, "defuse", "declaration", trim);
  expect(declared.text).toBe(
    '### `parse_duration` (function) -- `util/time.py`\nSignature: `parse_duration(text)`\n\nExpected message: "Invalid unit: {…}"',
  );
  expect(composeHint(source, "defuse", "name", trim).text).toBe("- `parse_duration`");
  expect(isTrimmed(trim)).toBe(true);
  expect(withMessage(trim, "Invalid unit: {…}", false).messages).toEqual([]);
  // A trim with no message keeps the canonical form it had before messages existed.
  expect(canonicalTrim({ identifiers: ["b", "a"], attributes: {} })).toBe(
    '{"identifiers":["a","b"],"attributes":[],"descriptions":[]}',
  );
  expect(canonicalTrim(trim)).toContain('"messages":["Invalid unit: {…}"]');
});
