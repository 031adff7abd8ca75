// The error classes found by hand-reading real instances, on what a declaration defines and how a hint
// states it; each on a small diff (issue: engine accuracy).
import { describe, expect, test } from "vitest";
import { analyseCase, picked } from "../testing/analysis-helpers";
import { renderHint } from "./render-hint";

test("`_` is no identifier: Go's blank identifier, Python's throwaway variable and parameter", async () => {
  const analysis = await analyseCase({
    code: [
      {
        path: "a/x.go",
        before: "package a\n\nfunc Old() {}\n",
        after: "package a\n\nvar _ = Helper\n\nfunc Old() {}\n\nfunc Helper() int { return 1 }\n",
      },
      {
        path: "app/m.py",
        before: "x = 1\n",
        after: "x = 1\n_ = os.path\nfor _ in range(3):\n    pass\n\n\ndef helper(_, b):\n    return b\n",
      },
    ],
    test: [
      {
        path: "a/x_test.go",
        before: null,
        after: 'package a\n\nimport "testing"\n\nfunc TestH(t *testing.T) { _ = Helper() }\n',
      },
    ],
  });
  const names = analysis.identifiers.map((i) => i.name);
  expect(names.filter((n) => n === "_" || n.endsWith("._"))).toEqual([]);
  expect(picked(analysis, "defuse")).toEqual(["Helper"]);
  expect(names).toContain("helper.b");
});

test("Ruby: class-body macros that declare accessors by symbol define them (config_param's first symbol only)", async () => {
  const before = "module Fluent\n  class BufferOutput\n    attr_reader :queue\n  end\nend\n";
  const after =
    "module Fluent\n  class BufferOutput\n    attr_reader :queue\n    config_param :flush_interval, :time, default: 60\n    delegate :size, to: :queue\n  end\nend\n";
  const analysis = await analyseCase({
    code: [{ path: "lib/fluent/buffer_output.rb", before, after }],
    test: [
      {
        path: "test/test_buffer_output.rb",
        before: null,
        after:
          "class BufferOutputTest\n  def test_interval\n    d.instance.flush_interval\n    d.instance.size\n  end\nend\n",
      },
    ],
  });
  const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
  expect(code).toEqual(expect.arrayContaining(["BufferOutput.flush_interval", "BufferOutput.size"]));
  // `:time` is the accessor's type, not another accessor.
  expect(code).not.toContain("BufferOutput.time");
  expect(picked(analysis, "defuse")).toEqual(["BufferOutput.flush_interval", "BufferOutput.size"]);
});

describe("members of a nested anonymous type belong to the member that holds it", () => {
  test("TypeScript: `Labels: { status: string }` in interface Schema is Schema.Labels.status, not Schema.status", async () => {
    const analysis = await analyseCase({
      code: [
        {
          path: "src/schema.ts",
          before: "export interface Schema {\n  id: string;\n}\n",
          after:
            "export interface Schema {\n  id: string;\n  Labels: {\n    status: string;\n    color?: number;\n  };\n}\nexport type Opts = { inner: { deep: boolean } };\n",
        },
      ],
      test: [
        {
          path: "test/schema.test.ts",
          before: null,
          after: "import { Schema } from '../src/schema';\nconst s: Schema = load();\ns.Labels.status;\n",
        },
      ],
    });
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
    expect(code).toEqual(
      expect.arrayContaining(["Schema.Labels", "Schema.Labels.status", "Schema.Labels.color", "Opts.inner.deep"]),
    );
    expect(code.filter((name) => ["Schema.status", "Schema.color", "Opts.deep"].includes(name))).toEqual([]);
    expect(picked(analysis, "defuse")).toEqual(["Schema.Labels", "Schema.Labels.status"]);
  });

  test("Go: `Server struct { Port int }` in struct Config is Config.Server.Port, at every depth", async () => {
    const analysis = await analyseCase({
      code: [
        {
          path: "a/cfg.go",
          before: "package a\n\ntype Config struct {\n\tName string\n}\n",
          after:
            "package a\n\ntype Config struct {\n\tName string\n\tServer struct {\n\t\tPort int\n\t\tTLS  *struct {\n\t\t\tCert string\n\t\t}\n\t}\n\tPeers []struct{ Addr string }\n}\n",
        },
      ],
      test: [
        {
          path: "a/cfg_test.go",
          before: null,
          after: 'package a\n\nimport "testing"\n\nfunc TestC(t *testing.T) { c := Config{}; _ = c.Server.Port }\n',
        },
      ],
    });
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
    expect(code).toEqual(expect.arrayContaining(["Config.Server.Port", "Config.Server.TLS.Cert", "Config.Peers.Addr"]));
    expect(code.filter((name) => /^Config\.(Port|TLS|Cert|Addr)$/.test(name))).toEqual([]);
    expect(picked(analysis, "defuse")).toEqual(["Config.Server", "Config.Server.Port"]);
  });
});

describe("a signature spread over lines reads without its parameter list's trailing comma", () => {
  test.each([
    [
      "Python",
      "m/a.py",
      "x = 1\n",
      "x = 1\n\n\ndef make(\n    a: int,\n    b=(1,),\n) -> int:\n    return a\n",
      "make(a: int, b=(1,)) -> int",
    ],
    [
      "TypeScript",
      "src/a.ts",
      "export const x = 1;\n",
      "export const x = 1;\nexport function make(\n  a: number,\n  b: [number,],\n): number {\n  return a;\n}\n",
      "make(a: number, b: [number,]): number",
    ],
    [
      "Go",
      "a/a.go",
      "package a\n",
      "package a\n\nfunc Make(\n\ta int,\n\tb string,\n) (int, error) {\n\treturn a, nil\n}\n",
      "func Make(a int, b string) (int, error)",
    ],
    [
      "Rust",
      "src/a.rs",
      "fn x() {}\n",
      "fn x() {}\npub fn make(\n    a: (i32,),\n    b: &str,\n) -> i32 {\n    1\n}\n",
      "pub fn make(a: (i32,), b: &str) -> i32",
    ],
    [
      "PHP",
      "src/a.php",
      "<?php\n",
      "<?php\nfunction make(\n    int $a,\n    string $b,\n): int {\n    return 1;\n}\n",
      "function make(int $a, string $b): int",
    ],
  ])("%s (a one-element tuple keeps its comma)", async (_language, path, before, after, signature) => {
    const analysis = await analyseCase({ code: [{ path, before, after }], test: [] });
    expect(analysis.identifiers.find((i) => i.member.toLowerCase() === "make")?.signature).toBe(signature);
  });
});

describe("overloads: every one is kept, the hint states those the tests call", () => {
  const code = {
    path: "src/main/java/p/Proc.java",
    before: "package p;\n\npublic class Proc {\n}\n",
    after:
      "package p;\n\npublic class Proc {\n  public static Proc newBase64Processor(String prefix) { return null; }\n  public static Proc newBase64Processor() { return null; }\n  public static Proc newBase64Processor(String prefix, int n) { return null; }\n}\n",
  };
  const calling = (calls: string) => ({
    path: "src/test/java/p/ProcTest.java",
    before: null,
    after: `package p;\n\nclass ProcTest {\n  void t() { ${calls} }\n}\n`,
  });
  const stated = async (calls: string | null) => {
    const analysis = await analyseCase({ code: [code], test: calls === null ? [] : [calling(calls)] });
    const method = analysis.identifiers.find((i) => i.name === "Proc.newBase64Processor");
    return method ? renderHint([{ identifier: method, description: null, behaviour: null }], "declaration") : null;
  };

  test("the tests call newBase64Processor(): the hint states that overload, not the first declared", async () => {
    const hint = await stated("Proc.newBase64Processor();");
    expect(hint).toContain("Signature: `public static Proc newBase64Processor()`");
    expect(hint).not.toContain("String prefix");
  });

  test("the tests call two of the three: both are stated, one line each", async () => {
    const hint = await stated('Proc.newBase64Processor(); Proc.newBase64Processor("x", 2);');
    expect(hint?.split("\n").filter((line) => line.startsWith("Signature:"))).toEqual([
      "Signature: `public static Proc newBase64Processor()`",
      "Signature: `public static Proc newBase64Processor(String prefix, int n)`",
    ]);
  });

  test("TypeScript: overload signatures are declarations; a call with one argument states the one-parameter overload", async () => {
    const analysis = await analyseCase({
      code: [
        {
          path: "src/p.ts",
          before: "export const x = 1;\n",
          after:
            "export const x = 1;\nexport function parse(text: string, radix: number): number;\nexport function parse(text: string): number;\nexport function parse(text: string, radix?: number): number {\n  return 1;\n}\n",
        },
      ],
      test: [{ path: "test/p.test.ts", before: null, after: "import { parse } from '../src/p';\nparse('1');\n" }],
    });
    expect(analysis.identifiers.find((i) => i.name === "parse")?.signature).toBe("parse(text: string): number");
  });

  test("no test calls it: every overload is stated", async () => {
    const hint = await stated(null);
    expect(hint?.split("\n").filter((line) => line.startsWith("Signature:"))).toHaveLength(3);
  });
});
