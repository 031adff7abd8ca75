// The twenty-eighth session's guards: shapes the read-through's mends must keep, each failing without its mend.
import { expect, test } from "vitest";
import { addedFile as added, changedHunk as changed, madeHunks } from "../testing/analysis-helpers";

test("JSDoc: a documented field whose name holds a `$` (`@property {Element} [$el]`) the code wrote before (`this.$el = el`) is no new name", async () => {
  const { defuse } = await madeHunks(
    changed("lib/view.js", "", [
      " function View(el) {",
      "   this.$el = el",
      " }",
      " /**",
      "  * @typedef {Object} ViewOptions",
      "  * @property {string} tag",
      "+ * @property {Element} [$el]",
      "  */",
    ]),
    added("test/view.test.js", ["const View = require('../lib/view.js')", "render({ tag: 'div', $el: node })"]),
  );
  expect(defuse).toEqual([]);
});
