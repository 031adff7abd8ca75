import { expect, test } from "vitest";
import { assignCurators, itemOutcome, type RoundDecision, roundAgreement } from "./review-round";

const d = (curator: string, action: RoundDecision["action"], flagReason: string | null = null): RoundDecision => ({
  curator,
  action,
  flagReason,
  trimmed: action === "trim" ? '{"identifiers":["x"],"attributes":{}}' : null,
});

test("curators are dealt round-robin: k different curators per hint, queues even", () => {
  const plan = assignCurators([1, 2, 3, 4], ["ada", "bo", "cy"], 2);
  expect(plan).toEqual([
    { instanceId: 1, curator: "ada" },
    { instanceId: 1, curator: "bo" },
    { instanceId: 2, curator: "cy" },
    { instanceId: 2, curator: "ada" },
    { instanceId: 3, curator: "bo" },
    { instanceId: 3, curator: "cy" },
    { instanceId: 4, curator: "ada" },
    { instanceId: 4, curator: "bo" },
  ]);
  expect(() => assignCurators([1], ["ada"], 2)).toThrow(/1–1/);
  expect(() => assignCurators([1], ["a", "b", "c", "d", "e", "f"], 6)).toThrow(/1–5/);
});

test("an outcome is pending until all decided, agreed when the decisions are the same, else adjudicated", () => {
  expect(itemOutcome([d("ada", "accept"), null])).toEqual({ state: "pending" });
  expect(itemOutcome([d("ada", "accept"), d("bo", "accept")])).toMatchObject({ state: "agreed" });
  expect(itemOutcome([d("ada", "flag", "spoiler"), d("bo", "flag", "guesswork")])).toEqual({ state: "disagreed" });
  expect(itemOutcome([d("ada", "trim"), { ...d("bo", "trim"), trimmed: "{}" }])).toEqual({ state: "disagreed" });
});

test("three curators on four hints: Fleiss' κ on actions and on flag reasons, worked by hand", () => {
  // Hint 1: accept ×3. Hint 2: accept, accept, flag:spoiler. Hint 3: flag:spoiler ×2, flag:guesswork.
  // Hint 4: trim ×3.
  const items = [
    [d("ada", "accept"), d("bo", "accept"), d("cy", "accept")],
    [d("ada", "accept"), d("bo", "accept"), d("cy", "flag", "spoiler")],
    [d("ada", "flag", "spoiler"), d("bo", "flag", "spoiler"), d("cy", "flag", "guesswork")],
    [d("ada", "trim"), d("bo", "trim"), d("cy", "trim")],
  ];
  const { actions, reasons } = roundAgreement(items, ["ada", "bo", "cy"]);
  // Actions: P_i = 1, 1/3, 1, 1 → P̄ = 10/12; p = accept 5/12, flag 4/12, trim 3/12 → P̄ₑ = 50/144;
  // κ = (10/12 − 50/144) / (1 − 50/144) = (120 − 50) / (144 − 50) = 70/94.
  expect(actions?.method).toBe("fleiss");
  expect(actions?.kappa).toBeCloseTo(70 / 94, 12);
  expect(actions?.percent_agreement).toBe(0.75);
  // Reasons: P_i = 1, 1/3, 1/3, 1 → P̄ = 8/12; p = accept 5/12, flag:guesswork 1/12, flag:spoiler 3/12,
  // trim 3/12 → P̄ₑ = 44/144; κ = (96 − 44) / (144 − 44) = 52/100.
  expect(reasons?.kappa).toBeCloseTo(0.52, 12);
  expect(reasons?.categories.map((c) => c.category)).toEqual(["accept", "flag:guesswork", "flag:spoiler", "trim"]);
});

test("two curators who decided everything: Cohen's κ", () => {
  const items = [
    [d("ada", "accept"), d("bo", "accept")],
    [d("ada", "flag", "spoiler"), d("bo", "accept")],
    [d("ada", "flag", "spoiler"), d("bo", "flag", "spoiler")],
    [d("ada", "accept"), d("bo", "accept")],
  ];
  // pₒ = 3/4; ada accept 2/4, bo accept 3/4 → pₑ = 2/4·3/4 + 2/4·1/4 = 1/2; κ = (3/4 − 1/2)/(1/2) = 1/2.
  const { actions } = roundAgreement(items, ["ada", "bo"]);
  expect(actions).toMatchObject({ method: "cohen", kappa: 0.5, percent_agreement: 0.75 });
});
