import { describe, expect, test } from "vitest";
import { type Cluster, clusteredMeanInterval } from "./cluster-interval";
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

describe("instance-clustered t interval", () => {
  test("a worked example: mean of all values, k/(k−1)-corrected linearised variance, t on k − 1 df", () => {
    // Sums 8, 1, 4, 3, 3 over counts 3, 1, 2, 4, 1: mean 19/11. Residuals Sᵢ − mean·mᵢ:
    // 2.81818, −0.72727, 0.54545, −3.90909, 1.27273; Σ² = 25.66942; ×5/4 = 32.08678; √ / 11 = 0.51496;
    // t(0.975, 4) = 2.77645: half-width 1.42975.
    const result = clusteredMeanInterval(clustersOf([[3, 3, 2], [1], [2, 2], [0, 1, 1, 1], [3]]));
    expect(result.mean).toBeCloseTo(19 / 11, 12);
    expect(result.low).toBeCloseTo(19 / 11 - 1.42975, 4);
    expect(result.high).toBeCloseTo(19 / 11 + 1.42975, 4);
    expect(result.noInterval).toBeNull();
  });

  test("clamped to the values' range", () => {
    const result = clusteredMeanInterval(clustersOf([[3, 3, 2], [1], [2, 2], [0, 1, 1, 1], [3]]), 0.95, [0, 3]);
    expect(result.low).toBeCloseTo(19 / 11 - 1.42975, 4);
    expect(result.high).toBe(3); // 3.157 clamped
  });

  test("below two instances: the mean, no interval, and why", () => {
    expect(clusteredMeanInterval(clustersOf([[2, 3, 2]]))).toEqual({
      mean: 7 / 3,
      low: null,
      high: null,
      noInterval: "one instance: an interval needs two or more",
    });
    expect(clusteredMeanInterval([])).toMatchObject({ mean: null, low: null, high: null });
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
    expect(clusteredMeanInterval(shuffled)).toEqual(clusteredMeanInterval(clusters));
  });

  // A seeded simulation: clusters of 1–4 ordinal values (0–3) from one of two populations, the true mean known.
  function coverage(clusterCount: number, draws: number, seed: number, skewed: boolean): number {
    let state = seed >>> 0;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const high = skewed ? [0.05, 0.05, 0.1, 0.8] : [0.1, 0.2, 0.3, 0.4];
    const low = skewed ? [0.3, 0.1, 0.2, 0.4] : [0.4, 0.3, 0.2, 0.1];
    const meanOf = (p: number[]) => p.reduce((sum, q, level) => sum + q * level, 0);
    const truth = (meanOf(high) + meanOf(low)) / 2;
    const draw = (p: number[]) => {
      const u = random();
      let sum = 0;
      for (let level = 0; level < p.length; level++) {
        sum += p[level] as number;
        if (u < sum) return level;
      }
      return p.length - 1;
    };
    let covered = 0;
    for (let d = 0; d < draws; d++) {
      const clusters: Cluster[] = [];
      for (let k = 0; k < clusterCount; k++) {
        const p = random() < 0.5 ? high : low;
        clusters.push({ key: String(k), values: Array.from({ length: 1 + Math.floor(random() * 4) }, () => draw(p)) });
      }
      const { low: lo, high: hi } = clusteredMeanInterval(clusters, 0.95, [0, 3]);
      if ((lo as number) <= truth && truth <= (hi as number)) covered++;
    }
    return covered / draws;
  }

  test.each([
    [30, false],
    [30, true],
    [60, true],
  ])("covers 95% ± 2 points at %i instances (skewed: %s), 3,000 seeded draws", (clusterCount, skewed) => {
    const share = coverage(clusterCount, 3000, 2026 + clusterCount, skewed);
    expect(share).toBeGreaterThanOrEqual(0.93);
    expect(share).toBeLessThanOrEqual(0.97);
  });
});
