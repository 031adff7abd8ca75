// Where a brace language's hunk starts inside a block comment (blockCommentEdges), on lines cut from real files.
import { describe, expect, test } from "vitest";
import { blockCommentEdges } from "./hunk-lines";

describe("a hunk that starts inside a block comment", () => {
  test("`* …` lines up to the closing mark (Javadoc's, JSDoc's)", () => {
    expect(blockCommentEdges(["   * @return the value", "   */", "  public int value() {"]).leading).toBe(2);
  });

  test("nlohmann 7c19aa2: a `/*!` comment whose lines carry no `*`, closed in the hunk: prose up to the close", () => {
    const lines = [
      "",
      "    @since version 3.8.0",
      "    */",
      "    constexpr subtype_type subtype() const noexcept",
      "    {",
    ];
    expect(blockCommentEdges(lines).leading).toBe(3);
  });

  test("nlohmann 7c19aa2: lines of such a comment with a Doxygen tag and no statement are a comment's middle", () => {
    const lines = [
      "    @brief return the binary subtype",
      "",
      "    Returns the numerical subtype of the value if it has a subtype. If it does",
      "    not have a subtype, this function will return subtype_type(-1) as a sentinel",
      "    value.",
    ];
    expect(blockCommentEdges(lines).leading).toBe(lines.length);
  });

  test("Java annotations (`@Override`, `@since` in no comment) with statements are code", () => {
    expect(blockCommentEdges(["  @Override", "  public int hashCode() {", "    return 1;", "  }"]).leading).toBe(0);
    expect(blockCommentEdges(["  @Deprecated", "  void old();"]).leading).toBe(0);
  });

  test("a `*/` in a string closes nothing", () => {
    expect(blockCommentEdges(['  const glob = "src/**/*.ts";', "  run(glob);"]).leading).toBe(0);
  });
});
