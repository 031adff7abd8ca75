import { expect, test } from "./app";

// Many list requests at once take turns (lib/server/list/list-turns.ts): every one is answered, and a request
// for another page is answered between them, not after all of them.
test("a burst of list requests is answered in full, and the home page is served before the burst ends", async ({
  page,
}) => {
  await page.goto("/");
  const finished: string[] = [];
  const ask = (path: string, label: string) =>
    page.request.get(path).then(async (response) => {
      const text = await response.text();
      finished.push(label);
      return { status: response.status(), text };
    });
  const burst = Array.from({ length: 40 }, (_, i) =>
    ask(i % 2 === 0 ? "/instances" : "/api/instances?offset=0&limit=100", `list-${i}`),
  );
  // Sent after all forty are on their way.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const home = ask("/", "home");
  const answers = await Promise.all(burst);
  const homeAnswer = await home;
  for (const [i, answer] of answers.entries()) {
    expect(answer.status).toBe(200);
    if (i % 2 === 0) expect(answer.text).toContain("<h1>Instances</h1>");
    else expect(JSON.parse(answer.text)).toMatchObject({ ok: true });
  }
  expect(homeAnswer.status).toBe(200);
  expect(homeAnswer.text).toContain("<h1>Benchmarks</h1>");
  // Served between turns: well before the last list request, not behind the whole burst.
  expect(finished.indexOf("home")).toBeLessThan(30);
  // The turns were all given back: one more list request is answered at once, not after a held turn expires.
  const again = await page.request.get("/api/instances?offset=0&limit=1", { timeout: 2_500 });
  expect(again.ok()).toBe(true);
});
