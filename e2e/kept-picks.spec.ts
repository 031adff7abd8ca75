/**
 * Ids too many for a link: rows ticked in the list, or the instances where a curator and the judge are two
 * levels apart, used to go in the link as `ids=…`; past about 145 SWE-bench Pro ids (110 characters each) the
 * server answered 431 (request headers over 16 KB), and every review link of the view repeated them. Past
 * IDS_IN_LINK_MAX characters they are now kept on the server as a pick, and the link names its key.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { IDS_IN_LINK_MAX } from "../lib/review/list-state";
import { expect, hints, test } from "./app";

const BENCHMARK = "E2E long ids";
const COUNT = 20;
const hex = (n: number) => n.toString(16).padStart(40, "0");
/** Ids shaped as SWE-bench Pro's: `instance_OWNER__REPO-<40 hex>-v<40 hex>`, 104 characters here. */
const longId = (n: number) => `instance_e2e__widgets-${hex(n + 1)}-v${hex(0xabc)}`;
const IDS = Array.from({ length: COUNT }, (_, n) => longId(n));

test.use({ viewport: { width: 1280, height: 1600 } });

/**
 * The instances and ratings, imported on the spec's own database once per server: inside a test, where the
 * server has started (after a failure a new worker starts a new server on a fresh copy, and imports again).
 */
let imported = false;
function importOnce() {
  if (imported) return;
  imported = true;
  expect(IDS.join(",").length).toBeGreaterThan(IDS_IN_LINK_MAX);
  // The widgets fixture's first instance, under each long id; the judge and a curator two levels apart on each.
  const template = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "fixtures", "widgets-instances.jsonl"), "utf8").split(
      "\n",
    )[0] as string,
  );
  const dir = test.info().outputPath();
  const write = (name: string, lines: object[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    return file;
  };
  const rating = { benchmark: BENCHMARK, identifier: "widget_1", attribute: "name", necessity: 0, disclosure: 0 };
  hints(
    "import",
    write(
      "long-ids.jsonl",
      IDS.map((instance_id) => ({ ...template, instance_id })),
    ),
    "--benchmark",
    BENCHMARK,
  );
  hints(
    "import",
    write(
      "judge-scores.jsonl",
      IDS.map((instance_id) => ({ ...rating, instance_id, judge: "e2e-judge", sample: 1, guidance: 0 })),
    ),
    write(
      "curator-scores.jsonl",
      IDS.map((instance_id) => ({ ...rating, instance_id, curator: "e2e-curator", guidance: 3 })),
    ),
  );
}

test("rows ticked past what a link holds are kept as a pick: the view, its review links and a hint set of it", async ({
  page,
}) => {
  importOnce();
  await page.goto(`/instances?benchmark=${encodeURIComponent(BENCHMARK)}`);
  await expect(page.getByText(new RegExp(`^${COUNT} of \\d+ instances`))).toBeVisible();
  for (const id of IDS) await page.getByRole("checkbox", { name: `Select ${id}` }).check();
  const picked = page.getByRole("group", { name: "Selected rows" });
  await expect(picked).toContainText(`${COUNT} selected`);
  await picked.getByRole("button", { name: "Keep only the selected" }).click();
  await expect(page).toHaveURL(new RegExp(`pick=${COUNT}-[0-9a-f]{32}`));
  await expect(page).not.toHaveURL(/ids=/);
  const note = page.getByTestId("kept pick");
  await expect(note).toContainText(`only ${COUNT} chosen instance(s), kept on the server`);
  await expect(page.getByText(new RegExp(`^${COUNT} of \\d+ instances`))).toBeVisible();
  const viewLink = new URL(page.url());
  expect(viewLink.search.length).toBeLessThan(200);

  // Reviewing from the view: the instance page's link carries the short pick, and `j` walks the pick.
  await page.getByRole("button", { name: "Review from the first" }).click();
  await expect(page).toHaveURL(/\/instances\/\d+\?list=/);
  expect(page.url().length).toBeLessThan(300);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(IDS[0] as string);
  await page.keyboard.press("j");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(IDS[1] as string);

  // A hint set of the view holds the pick's key, not its ids.
  await page.goto(viewLink.toString());
  await page.getByRole("link", { name: "Make a hint set of this view" }).click();
  const form = page.getByRole("form", { name: "New hint set" });
  await expect(form.getByLabel("Benchmark")).toHaveValue(BENCHMARK);
  await form.getByLabel("Name", { exact: true }).fill("e2e kept pick");
  await form.getByRole("button", { name: "Create hint set" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Created "e2e kept pick"' })).toBeVisible();
  await expect(page.getByRole("region", { name: "Hint set e2e kept pick" })).toContainText(
    new RegExp(`view: benchmark=E2E\\+long\\+ids&pick=${COUNT}-[0-9a-f]{32}`),
  );

  // A pick this server does not keep (a link from another server): said, and the view holds nothing.
  await page.goto(`/instances?benchmark=${encodeURIComponent(BENCHMARK)}&pick=${COUNT}-${"0".repeat(32)}`);
  const unknown = page.getByTestId("unknown pick");
  await expect(unknown).toContainText(`pick of ${COUNT} instance(s) is not kept on this server`);
  await expect(page.getByText(/^0 of \d+ instances/)).toBeVisible();
  await expect(page.getByTestId("kept pick")).toHaveCount(0);
  await unknown.getByRole("button", { name: "Drop the filter" }).click();
  await expect(page.getByText(new RegExp(`^${COUNT} of \\d+ instances`))).toBeVisible();

  // Back to the whole benchmark in one click.
  await page.goto(viewLink.toString());
  await note.getByRole("button", { name: "Show them all again" }).click();
  await expect(page).not.toHaveURL(/pick=/);
  await expect(page.getByTestId("kept pick")).toHaveCount(0);
});

test("the research page's disagreements past what a link holds become a hint set's view by a kept pick", async ({
  page,
  request,
}) => {
  importOnce();
  // What the link used to be, at 200 such ids: refused before the app sees it.
  const many = Array.from({ length: 200 }, (_, n) => longId(n));
  const old = await request.get(`/hint-sets?filter=${encodeURIComponent(`ids=${many.join(",")}`)}`);
  expect(old.status()).toBe(431);

  await page.goto("/research");
  const make = page.getByRole("button", { name: `make a hint set of these ${COUNT} instance(s) of ${BENCHMARK}` });
  await make.click();
  await expect(page).toHaveURL(/\/hint-sets\?filter=/);
  const form = page.getByRole("form", { name: "New hint set" });
  await expect(form.getByLabel("Benchmark")).toHaveValue(BENCHMARK);
  const filter = form.getByLabel(/Instances: a saved list view/);
  await expect(filter).toHaveValue(new RegExp(`^benchmark=E2E\\+long\\+ids&pick=${COUNT}-[0-9a-f]{32}$`));
  // The pick holds exactly the disagreements' instances.
  await page.goto(`/instances?${await filter.inputValue()}`);
  await expect(page.getByText(new RegExp(`^${COUNT} of \\d+ instances`))).toBeVisible();
  // A benchmark with fewer disagreements keeps its plain link of ids.
  await page.goto("/research");
  const demo = page.getByRole("link", { name: /make a hint set of these \d+ instance\(s\) of Demo: Hintscope sample/ });
  await expect(demo).toHaveAttribute("href", /ids%3D/);
});
