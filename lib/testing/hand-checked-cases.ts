import { readFileSync } from "node:fs";
import path from "node:path";
import type { Selection } from "../analysis/select-identifiers";
import { normaliseMultiSwebenchRecord } from "../ingest/formats/multi-swe-bench";
import { REAL_DATA } from "./real-data";

/**
 * Real instances whose identifiers were checked by hand against their patches, with the defining and using
 * lines quoted: the engine's agreement check (tests, and `npm run bench` prints precision and recall).
 * The records live in lib/testing/real-data.
 */
export interface Expectation {
  file: string;
  /** the instance id, or a prefix long enough to be unique */
  id: string;
  language: string;
  selection: Selection;
  expected: string[];
  /** the lines of the gold and test patches that define and use each expected name */
  why: string;
}

// Each expectation was checked by hand against the patches; `why` quotes the defining and using lines.
export const HAND_CHECKED_CASES: Expectation[] = [
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_qutebrowser__qutebrowser-7f9713b20f623fc40473b7167a082d6db0f0fd40",
    language: "python",
    selection: "defuse",
    expected: ["extra_suffixes_workaround"],
    why: "webview.py `+def extra_suffixes_workaround(upstream_mimetypes):`; test_webview.py `+    assert extra == webview.extra_suffixes_workaround(before)`",
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_internetarchive__openlibrary-c12943be1db80cf1114bc267ddf4f9933aca9b28",
    language: "python",
    selection: "defuse",
    expected: ["normalize_lccn", "openlibrary/utils/lccn.py"],
    why: "new file openlibrary/utils/lccn.py defines `+def normalize_lccn(lccn):`; test_lccn.py `+from openlibrary.utils.lccn import normalize_lccn` (imports the new module) and calls `normalize_lccn(prenormalized)`",
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_internetarchive__openlibrary-d8162c226a9d576f094dc1830c4c1ffd0be2dd17",
    language: "python",
    selection: "defuse",
    expected: ["get_non_isbn_asin", "is_asin_only"],
    why: "catalog/utils/__init__.py `+def get_non_isbn_asin(rec: dict) -> str | None:` and `+def is_asin_only(rec: dict) -> bool:`; test_utils.py imports both and calls `get_non_isbn_asin(rec)`, `is_asin_only(rec)`",
  },
  {
    file: "swebench-lite.jsonl",
    id: "scikit-learn__scikit-learn-10297",
    language: "python",
    selection: "defuse",
    expected: ["RidgeClassifierCV.__init__.store_cv_values"],
    why: "ridge.py: RidgeClassifierCV.__init__ gains `store_cv_values=False`; test_ridge.py `+    r = RidgeClassifierCV(alphas=alphas, store_cv_values=True)` passes it by keyword",
  },
  {
    file: "swebench-lite.jsonl",
    id: "django__django-15789",
    language: "python",
    selection: "defuse",
    expected: ["json_script.encoder"],
    why: "html.py `-def json_script(value, element_id=None):` → `+def json_script(value, element_id=None, encoder=None):` (changed, not new); test_html.py `json_script({}, encoder=CustomDjangoJSONEncoder)`",
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_gravitational__teleport-1a77b7945a022ab86858029d30ac7ad0d5239d00",
    language: "go",
    selection: "defuse",
    expected: ["defaultMaxMessageSizeBytes"],
    why: "message.go `+const defaultMaxMessageSizeBytes = int64(48000000)`; message_test.go `payloadSize: int32(2*defaultMaxMessageSizeBytes + 1024)`",
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_navidrome__navidrome-3bc9e75b2843f91f6a1e9b604e321c2bd4fd442a",
    language: "go",
    selection: "defuse",
    expected: ["SimpleCache.Values"],
    why: "simple_cache.go `+\tValues() []V` under the header `type SimpleCache[K comparable, V any] interface {` (the interface the test's `cache` is, as exact mode also says); simple_cache_test.go `values := cache.Values()`. `+func (c *simpleCache[K, V]) Values() []V {` implements it: its name is the interface's, which the hint states (blind labels take the interface's method alone: teleport 1330415d, navidrome 5001518)",
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_navidrome__navidrome-8383527aaba1ae8fa9765e995a71a86c129ef626",
    language: "go",
    selection: "defuse",
    expected: ["Any", "RefreshResource.Data", "RefreshResource.With"],
    why: 'events.go `+const Any = "*"`, `+func (rr *RefreshResource) With(resource string, ids ...string) *RefreshResource {`, `+func (rr *RefreshResource) Data(evt Event) string {`; events_test.go `rr.With("album", Any)`, `data := rr.Data(rr)`. The test\'s `var rr` inside a Describe closure is local, not a package name',
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_navidrome__navidrome-8383527aaba1ae8fa9765e995a71a86c129ef626",
    language: "javascript",
    selection: "pro",
    expected: ["activityReducer", "useResourceRefresh", "useResourceRefresh.visibleResources"],
    why: "useResourceRefresh.js `-export const useResourceRefresh = (...resources) => {` → `+… = (...visibleResources) => {`: a changed arrow function and its new rest parameter; activityReducer.js: a hunk under the header `@@ -29,8 +29,8 @@ export const activityReducer = (` changes that function's body. Pro lists the names the patch changes; JavaScript has no keyword arguments, so DefUse has none of them",
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_element-hq__element-web-6205c70462e0ce2e1e77afb3a70b55d0fdfe1b31",
    language: "typescript",
    selection: "defuse",
    expected: ["determineVoiceBroadcastLiveness", "src/voice-broadcast/utils/determineVoiceBroadcastLiveness.ts"],
    why: 'new file determineVoiceBroadcastLiveness.ts `+export const determineVoiceBroadcastLiveness = (infoState: VoiceBroadcastInfoState): VoiceBroadcastLiveness => {`; the test `+import { determineVoiceBroadcastLiveness } from "../../../src/voice-broadcast/utils/determineVoiceBroadcastLiveness";` and `expect(determineVoiceBroadcastLiveness(state))`',
  },
  {
    file: "swebench-pro-sample.jsonl",
    id: "instance_tutao__tutanota-f3ffe17af6e8ab007e8d461355057ad237846d9d",
    language: "typescript",
    selection: "defuse",
    expected: ["EntropyFacade", "src/api/worker/facades/EntropyFacade.ts"],
    why: 'new file EntropyFacade.ts `+export class EntropyFacade {`; LoginFacadeTest.ts `+import { EntropyFacade } from "../../../../../src/api/worker/facades/EntropyFacade.js"` (a .js specifier for a .ts file) and `let entropyFacade: EntropyFacade`',
  },
  {
    file: "multi-swe-bench-java-sample.jsonl",
    id: "mockito__mockito-3129",
    language: "java",
    selection: "defuse",
    expected: ["MockitoPlugins.getMockMaker"],
    why: "MockitoPlugins.java `+    default MockMaker getMockMaker(String mockMaker) {` in the MockitoPlugins interface; DefaultMockitoPluginsTest.java `assertNotNull(plugins.getMockMaker(null));`",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "briannesbitt__carbon-2813",
    language: "php",
    selection: "defuse",
    expected: ["FactoryImmutable.now"],
    why: "FactoryImmutable.php `+    public function now($tz = null): DateTimeImmutable` inside `+class FactoryImmutable extends Factory implements ClockInterface`; FactoryTest.php `+        $this->assertInstanceOf(DateTimeImmutable::class, $factory->now());`",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "php-cs-fixer__php-cs-fixer-8064",
    language: "php",
    selection: "defuse",
    expected: ["Tokens.BLOCK_TYPE_COMPLEX_STRING_VARIABLE"],
    why: "Tokens.php `+    public const BLOCK_TYPE_COMPLEX_STRING_VARIABLE = 14;`; TokensTest.php `+        yield [8, …, Tokens::BLOCK_TYPE_COMPLEX_STRING_VARIABLE, 3];`",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "tokio-rs__tokio-6724",
    language: "rust",
    selection: "defuse",
    expected: [],
    why: "the gold patch changes write_all_buf.rs's body only; the test's `+        fn poll_write(` and `+        fn poll_write_vectored(` sit in `impl AsyncWrite for Wr`: named by the trait, no name to guess",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "prometheus__prometheus-9248",
    language: "go",
    selection: "defuse",
    expected: ["ATAN2"],
    why: 'promql/parser/generated_parser.y.go `+const ATAN2 = 57386`; promql/parser/lex_test.go (same package) `+				expected: []Item{{ATAN2, 0, "atan2"}},`',
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "micropython__micropython-13039",
    language: "c",
    selection: "pro",
    expected: ["slice_indices"],
    why: "py/objslice.c: the hunk `@@ -54,7 +54,7 @@ STATIC mp_obj_t slice_unary_op(…)` changes `-    mp_int_t length = mp_obj_int_get_checked(length_obj);` inside ` STATIC mp_obj_t slice_indices(mp_obj_t self_in, mp_obj_t length_obj) {`, a context line of the hunk: slice_indices changed, not the slice_unary_op git names, and `length` is its local",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "micropython__micropython-13039",
    language: "c",
    selection: "defuse",
    expected: [],
    why: "nothing new: the fix changes slice_indices's body; the test (tests/basics/slice_indices.py) calls `.indices(`, an existing method",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "fmtlib__fmt-3158",
    language: "cpp",
    selection: "defuse",
    expected: [],
    why: "include/fmt/ranges.h changes `-      return it;` to `+      return underlying_.parse(ctx);` inside a method of `struct range_formatter<` (its name is above the hunk); the statement `if (it == end || *it == '}') {` is no method `if`; the test adds only TEST cases",
  },
  {
    file: "swebench-multilingual.jsonl",
    id: "fastlane__fastlane-21857",
    language: "ruby",
    selection: "defuse",
    expected: [],
    why: "print_table.rb `+require 'terminal-table'` then `+module Terminal` / `+  class Table` / `+    class Cell` / `+      def lines`: the gem's classes reopened (\"Monkey patch Terminal::Table\"), not new; the spec's `expect(Terminal::Table).to receive(:new)` uses the gem's class",
  },
];

/** A hand-checked case's instance, as the analysis takes it. */
export function loadInstance(file: string, id: string) {
  const lines = readFileSync(path.join(REAL_DATA, file), "utf8").trim().split("\n");
  const record = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((r) => String(r.instance_id).startsWith(id));
  if (!record) throw new Error(`${id} is not in ${file}`);
  if ("fix_patch" in record) {
    const data = normaliseMultiSwebenchRecord(record);
    return { instanceId: data.externalId, goldPatch: data.goldPatch, testPatch: data.testPatch };
  }
  return {
    instanceId: String(record.instance_id),
    goldPatch: String(record.patch),
    testPatch: String(record.test_patch),
  };
}
