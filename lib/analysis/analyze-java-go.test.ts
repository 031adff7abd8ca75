import { expect, test } from "vitest";
import { type AnalysisCase, analyseCase, describe as describeName, filler, picked } from "../testing/analysis-helpers";

const javaLimiter: AnalysisCase = {
  code: [
    {
      path: "src/main/java/org/netkit/RateLimiter.java",
      before: null,
      after: [
        "package org.netkit;",
        "",
        "public class RateLimiter {",
        "    public static final int DEFAULT_CAPACITY = 10;",
        "    private double tokens;",
        "",
        "    public RateLimiter(int capacity, double refillPerSecond) {",
        "        this.tokens = capacity;",
        "    }",
        "",
        "    public synchronized boolean tryAcquire() {",
        "        return tokens-- > 0;",
        "    }",
        "}",
      ].join("\n"),
    },
  ],
  test: [
    {
      path: "src/test/java/org/netkit/RateLimiterTest.java",
      before: null,
      after: [
        "package org.netkit;",
        "",
        "import org.netkit.RateLimiter;",
        "",
        "class RateLimiterTest {",
        "    @Test",
        "    void refuses() {",
        "        RateLimiter limiter = new RateLimiter(RateLimiter.DEFAULT_CAPACITY, 1.0);",
        "        assertTrue(limiter.tryAcquire());",
        "    }",
        "}",
      ].join("\n"),
    },
  ],
};

test("Java: a new class in a new file, its constant and method, instantiated and imported by the test", async () => {
  const analysis = await analyseCase(javaLimiter);
  expect(picked(analysis, "defuse")).toEqual([
    "RateLimiter",
    "RateLimiter.DEFAULT_CAPACITY",
    "RateLimiter.tryAcquire",
    "src/main/java/org/netkit/RateLimiter.java",
  ]);
  expect(describeName(analysis, "RateLimiter.tryAcquire")?.signature).toBe("public synchronized boolean tryAcquire()");
  expect(describeName(analysis, "RateLimiter.constructor")).toMatchObject({ kind: "constructor", status: "new" });
  // The private field is defined anew but no test reads it.
  expect(describeName(analysis, "RateLimiter.tokens")).toMatchObject({ kind: "field", status: "new" });
  expect(picked(analysis, "fea")).toEqual(["RateLimiter", "RateLimiter.tryAcquire"]);
});

const slugsBefore = `package org.textkit;\n\npublic final class Slugs {\n${filler(12, "    ", "//")}\n    public static String toSlug(String input) {\n        return input.toLowerCase();\n    }\n}\n`;

test.each<[string, AnalysisCase, string[]]>([
  [
    "Java: a constant added in a hunk that does not show its class line",
    {
      code: [
        {
          path: "src/main/java/org/textkit/Slugs.java",
          before: slugsBefore,
          after: slugsBefore.replace(
            "    public static String toSlug(String input) {\n        return input.toLowerCase();\n    }",
            "    public static String toSlug(String input) {\n        return input.toLowerCase();\n    }\n\n    public static final int UNLIMITED = -1;",
          ),
        },
      ],
      codeContext: () => "public final class Slugs {",
      test: [
        {
          path: "src/test/java/org/textkit/SlugsTest.java",
          before: "class SlugsTest {\n}\n",
          after:
            'class SlugsTest {\n    void unlimited() {\n        assertEquals("a", Slugs.toSlug("a", Slugs.UNLIMITED));\n    }\n}\n',
        },
      ],
    },
    ["Slugs.UNLIMITED"],
  ],
  [
    "Go: a new function and a new struct field set through a struct-literal key",
    {
      code: [
        {
          path: "config/config.go",
          before: "package config\n\ntype Config struct {\n\tTimeout int\n}\n",
          after:
            "package config\n\ntype Config struct {\n\tTimeout int\n\tStrict  bool\n}\n\nfunc ParseStrict(s string) (Config, error) {\n\treturn Config{Strict: true}, nil\n}\n",
        },
      ],
      test: [
        {
          path: "config/config_test.go",
          before: "package config\n",
          after:
            'package config\n\nfunc TestParseStrict(t *testing.T) {\n\tgot, _ := ParseStrict("1s")\n\tif got != (Config{Strict: true}) {\n\t\tt.Fatal(got)\n\t}\n}\n',
        },
      ],
    },
    ["Config.Strict", "ParseStrict"],
  ],
  [
    "Go: a method with a pointer receiver belongs to its type",
    {
      code: [
        {
          path: "server/server.go",
          before: "package server\n\ntype Server struct{}\n",
          after:
            "package server\n\ntype Server struct{}\n\nfunc (s *Server) Shutdown(grace int) error {\n\treturn nil\n}\n",
        },
      ],
      test: [
        {
          path: "server/server_test.go",
          before: "package server\n",
          after:
            "package server\n\nfunc TestShutdown(t *testing.T) {\n\tsrv := &Server{}\n\tif err := srv.Shutdown(1); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n",
        },
      ],
    },
    ["Server.Shutdown"],
  ],
  [
    "Go: a changed signature is changed, not new",
    {
      code: [
        {
          path: "render/render.go",
          before: "package render\n\nfunc Render(w io.Writer) error {\n\treturn nil\n}\n",
          after: "package render\n\nfunc Render(ctx context.Context, w io.Writer) error {\n\treturn ctx.Err()\n}\n",
        },
      ],
      test: [
        {
          path: "render/render_test.go",
          before: "package render\n",
          after: "package render\n\nfunc TestRender(t *testing.T) {\n\t_ = Render(context.Background(), nil)\n}\n",
        },
      ],
    },
    [],
  ],
])("%s", async (_name, c, expected) => {
  const analysis = await analyseCase(c);
  expect(picked(analysis, "defuse")).toEqual(expected);
  if (_name.includes("changed signature")) {
    expect(describeName(analysis, "Render")).toMatchObject({
      status: "changed",
      signature: "func Render(ctx context.Context, w io.Writer) error",
    });
  }
});
