// Ruby and PHP: each definition and use kind on small before/after files.
import { describe, expect, test } from "vitest";
import { type AnalysisCase, analyseCase, describe as describeName, picked } from "../testing/analysis-helpers";

const newFile = (path: string, after: string) => ({ path, before: null, after });

describe("Ruby", () => {
  const c: AnalysisCase = {
    code: [
      newFile(
        "lib/faker/default/coin.rb",
        [
          "module Faker",
          "  class Coin < Base",
          "    FACES = %w[heads tails].freeze",
          "    attr_accessor :weight, :label",
          "    def self.flip(times = 1)",
          "      FACES.sample",
          "    end",
          "    def initialize(weight)",
          "      @weight = weight",
          "    end",
          "    def balanced?",
          "      weight == 1",
          "    end",
          "  end",
          "end",
        ].join("\n"),
      ),
    ],
    test: [
      newFile(
        "test/faker/default/test_coin.rb",
        [
          "class TestCoin < Test::Unit::TestCase",
          "  def test_flip",
          "    assert Faker::Coin.flip",
          "    coin = Faker::Coin.new(1)",
          "    assert coin.balanced?",
          "    assert coin.respond_to?(:label)",
          "    assert_includes Faker::Coin::FACES, coin.weight.to_s",
          "  end",
          "end",
        ].join("\n"),
      ),
    ],
  };

  test("modules, classes, singleton and instance methods, attributes, constants", async () => {
    const analysis = await analyseCase(c);
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => `${i.name} ${i.kind}`);
    // `module Faker` is a namespace: names drop it, as a Java package (the dev labels' `DocumentDrop.name`).
    expect(code).not.toContain("Faker.Coin class");
    expect(code).toEqual(
      expect.arrayContaining([
        "Coin class",
        "Coin.FACES constant",
        "Coin.weight field",
        "Coin.label field",
        "Coin.flip method",
        "Coin.initialize constructor",
        "Coin.balanced? method",
      ]),
    );
    // (A class method says so as Ruby declares it.)
    expect(describeName(analysis, "Coin.flip")?.signature).toBe("self.flip(times = 1)");
    // `module Faker` reopens a namespace: it qualifies, it is no new name.
    expect(code).not.toContain("Faker module");
  });

  test("calls with receivers, A::B paths, symbols passed to respond_to?", async () => {
    expect(picked(await analyseCase(c), "defuse")).toEqual(
      expect.arrayContaining(["Coin", "Coin.FACES", "Coin.balanced?", "Coin.flip", "Coin.label", "Coin.weight"]),
    );
  });
});

describe("PHP", () => {
  const c: AnalysisCase = {
    code: [
      newFile(
        "src/Carbon/Traits/Rounding.php",
        [
          "<?php",
          "namespace Carbon\\Traits;",
          "interface Roundable { public function round(int $precision); }",
          "trait Rounding {",
          "    public const PRECISION = 2;",
          "    protected $unit = 'second';",
          "    public function roundUnit(string $unit, int $precision = 1): static {",
          "        return $this;",
          "    }",
          "    public static function fromUnit(string $unit): self { return new static(); }",
          "}",
          "enum Unit: string { case Second = 's'; case Minute = 'm'; }",
          "function carbon_round($x) { return $x; }",
        ].join("\n"),
      ),
    ],
    test: [
      newFile(
        "tests/Carbon/RoundTest.php",
        [
          "<?php",
          "use Carbon\\Traits\\Rounding;",
          "use Carbon\\Traits\\Unit;",
          "class RoundTest extends TestCase {",
          "    public function testRound() {",
          "        $d = Carbon::now()->roundUnit('minute', 2);",
          "        $this->assertSame(Unit::Minute, Rounding::fromUnit('m'));",
          "        $this->assertSame(2, Rounding::PRECISION + carbon_round(0));",
          "    }",
          "}",
        ].join("\n"),
      ),
    ],
  };

  test("interfaces, traits, enums and cases, methods, properties, constants, functions", async () => {
    const analysis = await analyseCase(c);
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => `${i.name} ${i.kind}`);
    expect(code).toEqual(
      expect.arrayContaining([
        "Roundable interface",
        "Roundable.round method",
        "Rounding class",
        "Rounding.PRECISION constant",
        "Rounding.unit field",
        "Rounding.roundUnit method",
        "Rounding.fromUnit method",
        "Unit enum",
        "Unit.Minute constant",
        "carbon_round function",
      ]),
    );
    expect(describeName(analysis, "Rounding.roundUnit")?.signature).toBe(
      "public function roundUnit(string $unit, int $precision = 1): static",
    );
  });

  test("->m(), ::m(), A::CONST, use imports and function calls", async () => {
    expect(picked(await analyseCase(c), "defuse")).toEqual(
      expect.arrayContaining([
        "Rounding",
        "Rounding.PRECISION",
        "Rounding.fromUnit",
        "Rounding.roundUnit",
        "Unit",
        "Unit.Minute",
        "carbon_round",
      ]),
    );
  });
});
