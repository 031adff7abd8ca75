import { expect, test } from "vitest";
import { composeHintLine } from "../export/compose-line";
import { serialiseLine } from "../export/hint-lines";
import { composeHint, descriptionProblem } from "./compose-hint";
import { hintFingerprint } from "./fingerprint";

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
