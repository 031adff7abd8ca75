import { describe, expect, test } from "vitest";
import { betaQuantile, type Cluster, clusteredMeanInterval } from "./cluster-interval";
import { POPULATIONS, simulatedCoverage } from "./coverage-simulation";
import { studentTCdf, studentTQuantile } from "./student-t";

describe("Student's t", () => {
  test.each([
    // Tables of the t distribution (two-sided 95%: the 0.975 quantile).
    [1, 12.7062],
    [2, 4.3027],
    [5, 2.5706],
    [10, 2.2281],
    [29, 2.0452],
    [100, 1.984],
  ])("t(0.975, %i) = %f", (df, quantile) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(quantile, 3);
    expect(studentTCdf(quantile, df)).toBeCloseTo(0.975, 4);
  });

  test("symmetric about 0", () => {
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 10);
    expect(studentTCdf(0, 3)).toBeCloseTo(0.5, 12);
  });
});

const clustersOf = (values: number[][]): Cluster[] => values.map((v, i) => ({ key: `i${i}`, values: v }));

describe("instance-clustered interval of a mean", () => {
  test("Beta quantiles (scipy.stats.beta.ppf)", () => {
    expect(betaQuantile(0.025, 1, 5)).toBeCloseTo(0.0050508, 6);
    expect(betaQuantile(0.975, 3.5, 2.25)).toBeCloseTo(0.9234946, 5);
  });

  test("a worked example: jackknife variance, effective size, Clopper–Pearson limits (scipy)", () => {
    // Sums 8, 1, 4, 3, 3 over counts 3, 1, 2, 4, 1: mean 19/11; the leave-one-instance-out means' jackknife
    // variance 0.367566; p = mean/3, n* = p(1 − p)/(var/9) = 9.0406 shrunk by (1.95996/2.77645)² to 2.98043;
    // scipy.stats.beta.ppf(0.025, x, n* − x + 1), ppf(0.975, x + 1, n* − x) at x = p·n*, times 3.
    const result = clusteredMeanInterval(clustersOf([[3, 3, 2], [1], [2, 2], [0, 1, 1, 1], [3]]), 0.95, [0, 3]);
    expect(result.mean).toBeCloseTo(19 / 11, 12);
    expect(result.low).toBeCloseTo(0.180147, 5);
    expect(result.high).toBeCloseTo(2.935478, 5);
    expect(result.noInterval).toBeNull();
  });

  test("every value at one level: the exact bound from 0 of k instances, never a width of zero", () => {
    // q = 1 − 0.025^(1/5) = 0.521824: [0, 3q] at level 0; [1 − q, 1 + 2q] at level 1.
    const zeros = clusteredMeanInterval(clustersOf([[0, 0], [0], [0, 0, 0], [0], [0, 0]]), 0.95, [0, 3]);
    expect(zeros).toMatchObject({ mean: 0, low: 0, noInterval: null });
    expect(zeros.high).toBeCloseTo(1.565471, 5);
    const ones = clusteredMeanInterval(clustersOf([[1, 1], [1], [1, 1, 1], [1], [1, 1]]), 0.95, [0, 3]);
    expect(ones.low).toBeCloseTo(1 - 0.521824, 5);
    expect(ones.high).toBeCloseTo(1 + 2 * 0.521824, 5);
  });

  test("below two instances: the mean, no interval, and why", () => {
    expect(clusteredMeanInterval(clustersOf([[2, 3, 2]]), 0.95, [0, 3])).toEqual({
      mean: 7 / 3,
      low: null,
      high: null,
      noInterval: "one instance: an interval needs two or more",
    });
    expect(clusteredMeanInterval([], 0.95, [0, 3])).toMatchObject({ mean: null, low: null, high: null });
  });

  test("an unbounded range is refused", () => {
    expect(() => clusteredMeanInterval(clustersOf([[1], [2]]), 0.95, [0, Number.POSITIVE_INFINITY])).toThrow(
      /range must be finite/,
    );
  });

  test("the same values in any order give the same figures, to the bit", () => {
    const values = Array.from({ length: 37 }, (_, i) =>
      Array.from({ length: 1 + (i % 4) }, (_, j) => ((i * 7 + j * 3) % 4) * 0.5),
    );
    const clusters = clustersOf(values);
    const shuffled: Cluster[] = [...clusters].reverse().map((c) => ({ key: c.key, values: [...c.values].reverse() }));
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = (i * 17) % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j] as Cluster, shuffled[i] as Cluster];
    }
    expect(clusteredMeanInterval(shuffled, 0.95, [0, 3])).toEqual(clusteredMeanInterval(clusters, 0.95, [0, 3]));
  });
});

describe("coverage, measured (2,000 seeded draws per case)", () => {
  const cases = (Object.keys(POPULATIONS) as Array<keyof typeof POPULATIONS>).flatMap((name) =>
    [5, 10, 30].map((k) => [name, k] as const),
  );
  test.each(cases)("%s level, %i instances: at least 0.93, never a zero width", (name, instances) => {
    const { coverage, zeroWidth } = simulatedCoverage(POPULATIONS[name], instances, 2000, 4400 + instances, (c) =>
      clusteredMeanInterval(c, 0.95, [0, 3]),
    );
    expect(zeroWidth).toBe(0);
    expect(coverage).toBeGreaterThanOrEqual(0.93);
  });
});
