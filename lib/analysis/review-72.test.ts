// The thirty-fourth session's review of round 72's rules: made hunks (git wrote them from made files) on which the
// rules misfired or fell short, each mended; all but the guards fail on the commit before the mends.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

const cases = {
  r3k2: {
    code: "diff --git a/lib/fmt.js b/lib/fmt.js\nindex fb14b92..a918a22 100644\n--- a/lib/fmt.js\n+++ b/lib/fmt.js\n@@ -2,4 +2,9 @@ function fmt(html, options) {\n   return html;\n }\n \n+fmt.defaults = {\n+  precision: 2,\n+  formatNumber(n) { return n.toFixed(2); },\n+};\n+\n module.exports = fmt;\n",
    test: "diff --git a/test/fmt.test.js b/test/fmt.test.js\nnew file mode 100644\nindex 0000000..ea15d6d\n--- /dev/null\n+++ b/test/fmt.test.js\n@@ -0,0 +1,4 @@\n+const fmt = require('../lib/fmt');\n+it('fmt', () => {\n+  expect(fmt.defaults.formatNumber(1)).toBe('1.00');\n+});\n",
  },
  r3d: {
    code: "diff --git a/lib/client.js b/lib/client.js\nindex fe47b9c..1465309 100644\n--- a/lib/client.js\n+++ b/lib/client.js\n@@ -1,4 +1,5 @@\n function request(url, options) {\n-  return fetch(url);\n+  for (let i = 0; i < options.retries; i++) {}\n+  return fetch(url, { signal: options.signal });\n }\n module.exports = request;\n",
    test: "diff --git a/test/client.test.js b/test/client.test.js\nnew file mode 100644\nindex 0000000..970a4c7\n--- /dev/null\n+++ b/test/client.test.js\n@@ -0,0 +1,5 @@\n+const request = require('../lib/client');\n+request.defaults = { retries: 2, signal: null };\n+it('retries', () => {\n+  request('/x', request.defaults);\n+});\n",
  },
  r3i: {
    code: "diff --git a/lib/poll.js b/lib/poll.js\nindex d542af1..925b015 100644\n--- a/lib/poll.js\n+++ b/lib/poll.js\n@@ -1,4 +1,8 @@\n function poll(fn) {\n   return fn();\n }\n+poll.defaults = {\n+  timeout: 1000,\n+  interval: 50,\n+};\n module.exports = poll;\n",
    test: "diff --git a/test/poll.test.js b/test/poll.test.js\nnew file mode 100644\nindex 0000000..300bb78\n--- /dev/null\n+++ b/test/poll.test.js\n@@ -0,0 +1,4 @@\n+const { waitFor } = require('@testing-library/dom');\n+it('waits', async () => {\n+  await waitFor(() => expect(el).toBeTruthy(), { timeout: 2000 });\n+});\n",
  },
  r3h: {
    code: "diff --git a/src/app.js b/src/app.js\nindex e699bba..ffec24f 100644\n--- a/src/app.js\n+++ b/src/app.js\n@@ -1,4 +1,10 @@\n function boot() {\n   return 1;\n }\n+\n+window.APP_DEFAULTS = {\n+  apiBase: '/api',\n+  locale: 'en',\n+};\n+\n export { boot };\n",
    test: "diff --git a/test/app.test.js b/test/app.test.js\nnew file mode 100644\nindex 0000000..4694458\n--- /dev/null\n+++ b/test/app.test.js\n@@ -0,0 +1,4 @@\n+import { boot } from '../src/app';\n+it('base', () => {\n+  fetchJson('/x', { apiBase: '/v2' });\n+});\n",
  },
  r3l: {
    code: "diff --git a/lib/icons.js b/lib/icons.js\nindex 09cbaca..bba2e27 100644\n--- a/lib/icons.js\n+++ b/lib/icons.js\n@@ -1,4 +1,8 @@\n function icon(name) {\n   return name;\n }\n+icon.defaultIcons = {\n+  close: 'x',\n+  menu: '=',\n+};\n module.exports = icon;\n",
    test: "diff --git a/test/icons.test.js b/test/icons.test.js\nnew file mode 100644\nindex 0000000..4658c0e\n--- /dev/null\n+++ b/test/icons.test.js\n@@ -0,0 +1,5 @@\n+const icon = require('../lib/icons');\n+it('menu', () => {\n+  expect(icon.defaultIcons.menu).toBe('=');\n+  render({ close: true });\n+});\n",
  },
  r2a2: {
    code: "diff --git a/index.js b/index.js\nindex 03c50f6..9a2cab6 100644\n--- a/index.js\n+++ b/index.js\n@@ -14,5 +14,6 @@ sanitizeHtml.defaults = {\n   opt6: 6,\n   opt7: 7,\n   allowProtocolRelative: true,\n-  parseStyleAttributes: true\n+  parseStyleAttributes: true,\n+  enforceHtmlBoundary: false\n };\n",
    test: "diff --git a/test/test.js b/test/test.js\nnew file mode 100644\nindex 0000000..f414d90\n--- /dev/null\n+++ b/test/test.js\n@@ -0,0 +1,4 @@\n+const sanitizeHtml = require('../index.js');\n+it('boundary', () => {\n+  assert.equal(sanitizeHtml('<p>x</p>', { enforceHtmlBoundary: true }), 'x');\n+});\n",
  },
  r2b: {
    code: "diff --git a/lib/email.js b/lib/email.js\nindex e7b5e57..63949c7 100644\n--- a/lib/email.js\n+++ b/lib/email.js\n@@ -11,6 +11,7 @@ const default_email_options = {\n   opt7: 7,\n   from: 'noreply@example.com',\n   replyTo: null,\n+  attachDataUrls: false,\n };\n \n \n",
    test: "diff --git a/test/email.test.js b/test/email.test.js\nnew file mode 100644\nindex 0000000..9c67460\n--- /dev/null\n+++ b/test/email.test.js\n@@ -0,0 +1,4 @@\n+const { send } = require('../lib/email');\n+it('urls', async () => {\n+  await send('a@b', { attachDataUrls: true });\n+});\n",
  },
  r2f: {
    code: "diff --git a/src/request.js b/src/request.js\nindex d9a188d..ba1b6b0 100644\n--- a/src/request.js\n+++ b/src/request.js\n@@ -10,6 +10,7 @@ const defaults = {\n     factor: 2,\n     minDelay: 100,\n     maxDelay: 1000,\n+    jitter: true,\n   },\n };\n \n",
    test: "diff --git a/test/request.test.js b/test/request.test.js\nnew file mode 100644\nindex 0000000..ecd7e98\n--- /dev/null\n+++ b/test/request.test.js\n@@ -0,0 +1,4 @@\n+import { request } from '../src/request';\n+it('jitter', () => {\n+  expect(request('/', { jitter: false })).toBeTruthy();\n+});\n",
  },
  r2j: {
    code: "diff --git a/src/theme.ts b/src/theme.ts\nindex fec1931..dee9a14 100644\n--- a/src/theme.ts\n+++ b/src/theme.ts\n@@ -10,6 +10,7 @@ export const DEFAULT_THEME = {\n   color6: 6,\n   color7: 7,\n   radius: 4,\n+  accentColor: '#fff',\n } as const;\n \n export function createTheme(overrides: Partial<typeof DEFAULT_THEME>) {\n",
    test: "diff --git a/test/theme.test.ts b/test/theme.test.ts\nnew file mode 100644\nindex 0000000..830c9d0\n--- /dev/null\n+++ b/test/theme.test.ts\n@@ -0,0 +1,4 @@\n+import { createTheme } from '../src/theme';\n+test('accent', () => {\n+  expect(createTheme({ accentColor: 'red' })).toBeTruthy();\n+});\n",
  },
  r1g: {
    code: "diff --git a/src/config.ts b/src/config.ts\nindex 5b2cb43..6f158c7 100644\n--- a/src/config.ts\n+++ b/src/config.ts\n@@ -9,9 +9,11 @@ export interface ChangelogConfig {\n     draft?: boolean;\n     notes?: string;\n     tagBody?: string;\n+    tagFooter?: string;\n   };\n   owner: string;\n   repo: string;\n+  dryRun?: boolean;\n }\n \n export function helper(x: number): number {\n",
    test: 'diff --git a/test/config.test.ts b/test/config.test.ts\nnew file mode 100644\nindex 0000000..3141450\n--- /dev/null\n+++ b/test/config.test.ts\n@@ -0,0 +1,5 @@\n+test("dry", () => {\n+  const cfg = loadConfig();\n+  expect(cfg.dryRun).toBe(true);\n+  expect(helper(1)).toBe(2);\n+});\n',
  },
  r4d: {
    code: "diff --git a/store/store.go b/store/store.go\nindex 1ff3174..e803b47 100644\n--- a/store/store.go\n+++ b/store/store.go\n@@ -12,5 +12,6 @@ type User struct {\n \tField3 string\n \tField4 string\n \tField5 string\n+\tBase[string]\n \tEmail string\n }\n",
    test: 'diff --git a/store/store_test.go b/store/store_test.go\nnew file mode 100644\nindex 0000000..6b7676b\n--- /dev/null\n+++ b/store/store_test.go\n@@ -0,0 +1,8 @@\n+package store\n+\n+import "testing"\n+\n+func TestBase(t *testing.T) {\n+\tu := User{}\n+\t_ = u.Base.ID\n+}\n',
  },
  r4h: {
    code: "diff --git a/ast/ast.go b/ast/ast.go\nindex eda2009..ffa074f 100644\n--- a/ast/ast.go\n+++ b/ast/ast.go\n@@ -14,5 +14,6 @@ type ClassDecl struct {\n \tField3 string\n \tField4 string\n \tField5 string\n+\t*scope\n \tName string\n }\n",
    test: 'diff --git a/ast/ast_test.go b/ast/ast_test.go\nnew file mode 100644\nindex 0000000..0b86dab\n--- /dev/null\n+++ b/ast/ast_test.go\n@@ -0,0 +1,8 @@\n+package ast\n+\n+import "testing"\n+\n+func TestScope(t *testing.T) {\n+\td := &ClassDecl{}\n+\t_ = d.scope.Lookup("x")\n+}\n',
  },
};

test("r3k2: a method written in a defaults object (`fmt.defaults = { precision: 2, formatNumber(n) {\u2026} }`) is still read", async () => {
  const { defuse } = await madeHunks(cases.r3k2.code, cases.r3k2.test);
  expect(defuse).toEqual(["formatNumber"]);
});

test("r3d: a test's own `request.defaults = { retries: 2, signal: null }` defines nothing the code uses", async () => {
  const { defuse } = await madeHunks(cases.r3d.code, cases.r3d.test);
  expect(defuse).toEqual([]);
});

test("r3i: a defaults key is an option of its own function's calls, not of another's (`waitFor(cb, { timeout })`)", async () => {
  const { defuse } = await madeHunks(cases.r3i.code, cases.r3i.test);
  expect(defuse).toEqual([]);
});

test("r3h: a global's defaults (`window.APP_DEFAULTS = {\u2026}`) are no module's", async () => {
  const { defuse } = await madeHunks(cases.r3h.code, cases.r3h.test);
  expect(defuse).toEqual([]);
});

test("r3l: a table named for its defaults (`icon.defaultIcons = {\u2026}`) holds no options", async () => {
  const { defuse } = await madeHunks(cases.r3l.code, cases.r3l.test);
  expect(defuse.filter((n) => n.endsWith(".close"))).toEqual([]);
});

test("r2a2: a defaults object's hunk that ends with its `};` at the file's end reopens git's header", async () => {
  const { defuse } = await madeHunks(cases.r2a2.code, cases.r2a2.test);
  expect(defuse).toEqual(["sanitizeHtml.defaults.enforceHtmlBoundary"]);
});

test("r2b: so does a `const default_email_options = {` one followed by blank lines", async () => {
  const { defuse } = await madeHunks(cases.r2b.code, cases.r2b.test);
  expect(defuse).toEqual(["default_email_options.attachDataUrls"]);
});

test("r2f: a hunk that closes a nested object (`},`) before the defaults' `};` names none of the nested keys", async () => {
  const { defuse } = await madeHunks(cases.r2f.code, cases.r2f.test);
  expect(defuse).toEqual([]);
});

test("r2j: a defaults object written `{ \u2026 } as const` is still one", async () => {
  const { defuse } = await madeHunks(cases.r2j.code, cases.r2j.test);
  expect(defuse).toEqual(["DEFAULT_THEME.accentColor"]);
});

test("r1g: a hunk that closes a member's object type, then the interface at column 0, then goes on, keeps the interface's fields its own", async () => {
  const { defuse } = await madeHunks(cases.r1g.code, cases.r1g.test);
  expect(defuse).toEqual(["ChangelogConfig.dryRun"]);
});

test("r4d: a generic embedded type (`Base[string]`) names its field `Base`", async () => {
  const { defuse } = await madeHunks(cases.r4d.code, cases.r4d.test);
  expect(defuse).toEqual(["User.Base"]);
});

test("r4h: an unexported embedded type of the package (`*scope`) names its field `scope`", async () => {
  const { defuse } = await madeHunks(cases.r4h.code, cases.r4h.test);
  expect(defuse).toEqual(["ClassDecl.scope"]);
});
