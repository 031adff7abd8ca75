import { expect, test } from "vitest";
import { duration, progressText } from "./progress";

test("long work reads N of M, with the time left once there is a rate to go by", () => {
  expect(progressText(50, null, "instances analysed", 65_000)).toBe("50 instances analysed");
  expect(progressText(0, 300, "instances analysed", 1_000)).toBe("0 of 300 instances analysed");
  // 100 in 60 s: 200 more take about 2 minutes.
  expect(progressText(100, 300, "instances analysed", 60_000)).toBe("100 of 300 instances analysed, about 2 min left");
  expect(progressText(1_500, 12_000, "records read", 30_000)).toBe("1,500 of 12,000 records read, about 4 min left");
  expect(progressText(300, 300, "instances analysed", 90_000)).toBe("300 of 300 instances analysed");
  // More done than the total said (others' pending instances taken up too): never "301 of 300".
  expect(progressText(301, 300, "instances analysed", 90_000)).toBe("300 of 300 instances analysed");
  expect([duration(400), duration(59_400), duration(150_000), duration(4_800_000)]).toEqual([
    "1 s",
    "59 s",
    "3 min",
    "1 h 20 min",
  ]);
});
