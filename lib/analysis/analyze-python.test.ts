import { expect, test } from "vitest";
import { type AnalysisCase, analyseCase, describe as describeName, filler, picked } from "../testing/analysis-helpers";

// The paper's example: a function defined in a new file, imported and called by the new test.
const localeCase: AnalysisCase = {
  code: [
    {
      path: "lib/ansible/module_utils/common/locale.py",
      before: null,
      after: [
        "DEFAULT = ['C.utf8', 'C']",
        "",
        "def get_best_parsable_locale(module, preferences=None):",
        "    found = 'C'",
        "    return found",
      ].join("\n"),
    },
    {
      path: "lib/ansible/module_utils/basic.py",
      before: "import os\n\ndef run(cmd):\n    env = {'LANG': 'C'}\n    return env\n",
      after:
        "import os\nfrom ansible.module_utils.common.locale import get_best_parsable_locale\n\ndef run(cmd):\n    env = {'LANG': get_best_parsable_locale(None)}\n    return env\n",
    },
  ],
  test: [
    {
      path: "test/units/module_utils/common/test_locale.py",
      before: null,
      after: [
        "from ansible.module_utils.common.locale import get_best_parsable_locale",
        "",
        "def test_prefers_utf8(module):",
        "    assert get_best_parsable_locale(module, preferences=['C.utf8']) == 'C.utf8'",
      ].join("\n"),
    },
  ],
};

test("the paper's example: a new file's function, imported and called by the test", async () => {
  const analysis = await analyseCase(localeCase);
  expect(picked(analysis, "defuse")).toEqual([
    "get_best_parsable_locale",
    "get_best_parsable_locale.preferences",
    "lib/ansible/module_utils/common/locale.py",
  ]);
  expect(describeName(analysis, "get_best_parsable_locale")).toEqual({
    kind: "function",
    status: "new",
    side: "code",
    signature: "get_best_parsable_locale(module, preferences=None)",
    newFile: true,
  });
  expect(picked(analysis, "fea")).toEqual(["get_best_parsable_locale"]);
  // Pro takes every name the code patch adds or changes: the constant and the changed caller too.
  expect(picked(analysis, "pro")).toEqual(expect.arrayContaining(["DEFAULT", "run", "get_best_parsable_locale"]));
  expect(analysis.approximate).toBe(true); // basic.py was seen through its hunks only
});

test.each<[string, AnalysisCase, string[]]>([
  [
    "a changed signature is not new, but a parameter it gains and the test passes by keyword is",
    {
      code: [
        {
          path: "confkit/loader.py",
          before: "def load_config(path, strict=False):\n    return path\n",
          after: "def load_config(path, strict=False, origin_ftype=None):\n    return path\n",
        },
      ],
      test: [
        {
          path: "tests/test_loader.py",
          before: "from confkit.loader import load_config\n",
          after:
            "from confkit.loader import load_config\n\ndef test_yaml():\n    assert load_config('a', origin_ftype='yaml')\n",
        },
      ],
    },
    ["load_config.origin_ftype"],
  ],
  [
    "a changed signature the test only calls positionally selects nothing",
    {
      code: [
        {
          path: "m.py",
          before: "def area(w):\n    return w * w\n",
          after: "def area(w, h=None):\n    return w * (h or w)\n",
        },
      ],
      test: [
        {
          path: "test_m.py",
          before: "from m import area\n",
          after: "from m import area\n\ndef test_area():\n    assert area(2, 3) == 6\n",
        },
      ],
    },
    [],
  ],
  [
    "a method added far below its class line: the owner comes from the hunk header",
    {
      code: [
        {
          path: "shop/cart.py",
          before: `class Cart:\n    def __init__(self):\n        self.items = []\n\n${filler(20)}\n    def add(self, item):\n        self.items.append(item)\n`,
          after: `class Cart:\n    def __init__(self):\n        self.items = []\n\n${filler(20)}\n    def add(self, item):\n        self.items.append(item)\n\n    def total_price(self, currency='EUR'):\n        return sum(i.price for i in self.items)\n`,
        },
      ],
      codeContext: () => "class Cart:",
      test: [
        {
          path: "tests/test_cart.py",
          before: "from shop.cart import Cart\n",
          after:
            "from shop.cart import Cart\n\ndef test_total():\n    cart = Cart()\n    assert cart.total_price(currency='USD') == 0\n",
        },
      ],
    },
    ["Cart.total_price", "Cart.total_price.currency"],
  ],
  [
    "a new class with a self. field and a class constant, read by the test",
    {
      code: [
        {
          path: "net/client.py",
          before: "import socket\n",
          after:
            "import socket\n\nclass Client:\n    RETRIES = 3\n\n    def __init__(self, timeout):\n        self.timeout = timeout\n",
        },
      ],
      test: [
        {
          path: "tests/test_client.py",
          before: "",
          after:
            "from net.client import Client\n\ndef test_timeout():\n    c = Client(timeout=5)\n    assert c.timeout == 5\n    assert Client.RETRIES == 3\n",
        },
      ],
    },
    ["Client", "Client.RETRIES", "Client.__init__.timeout", "Client.timeout"],
  ],
  [
    "a name the test patch defines and the code uses (the other direction)",
    {
      code: [
        {
          path: "app/plugins.py",
          before: "PLUGINS = []\n",
          after: "from tests.support import register_fake_plugin\n\nPLUGINS = []\nregister_fake_plugin(PLUGINS)\n",
        },
      ],
      test: [
        {
          path: "tests/support.py",
          before: "",
          after: "def register_fake_plugin(registry):\n    registry.append('fake')\n",
        },
      ],
    },
    ["register_fake_plugin"],
  ],
  [
    "names only one side mentions select nothing",
    {
      code: [{ path: "a.py", before: "x = 1\n", after: "x = 1\n\ndef helper_only_code():\n    return 2\n" }],
      test: [{ path: "test_a.py", before: "", after: "def test_x():\n    assert True\n" }],
    },
    [],
  ],
])("%s", async (_name, c, expected) => {
  expect(picked(await analyseCase(c), "defuse")).toEqual(expected);
});

test("a file in an unsupported language is listed, a non-code file is skipped", async () => {
  const analysis = await analyseCase({
    code: [
      { path: "src/Lib.kt", before: "fun a() {}\n", after: "fun a() {}\nfun b() {}\n" },
      { path: "README.md", before: "# x\n", after: "# x\nmore\n" },
    ],
    test: [{ path: "tests/t.py", before: "", after: "def test_b():\n    pass\n" }],
  });
  expect(analysis.unsupportedFiles).toEqual(["src/Lib.kt"]);
  expect(analysis.identifiers.some((i) => i.path === "README.md")).toBe(false);
});
