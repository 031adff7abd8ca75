import { createHash } from "node:crypto";
import { expect, test } from "./app";
import { openInstance } from "./review-helpers";

test("publish a hint set and download it: the manifest's checksum matches the file, and the bytes never change", async ({
  page,
}) => {
  await openInstance(page, "demo__py-config-1");
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "demo__py-config-1" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Hint sets" }).click();
  const form = page.getByRole("form", { name: "New hint set" });
  await form.getByLabel("Name", { exact: true }).fill("e2e demo defuse");
  await form.getByLabel("Benchmark").selectOption("Demo: Hintscope sample");
  await form.getByLabel("Selection").selectOption("defuse");
  await form.getByLabel("Projection").selectOption("declaration");
  await form.getByRole("button", { name: "Create hint set" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Created "e2e demo defuse"' })).toBeVisible();

  const set = page.getByRole("region", { name: "Hint set e2e demo defuse" });
  await set.getByRole("button", { name: "Publish a new version of e2e demo defuse" }).click();
  await expect(set.getByRole("status").filter({ hasText: "version 1" })).toBeVisible();
  await page.reload();
  const versions = page.getByRole("table", { name: "Versions of e2e demo defuse" });
  await expect(versions).toContainText("v1");

  const jsonlHref = (await versions.getByRole("link", { name: "JSONL", exact: true }).getAttribute("href")) as string;
  const manifestHref = (await versions
    .getByRole("link", { name: "manifest", exact: true })
    .getAttribute("href")) as string;
  const jsonl = await (await page.request.get(jsonlHref)).body();
  const manifest = JSON.parse((await (await page.request.get(manifestHref)).body()).toString());
  expect(manifest).toMatchObject({
    format: "hintscope-hint-set",
    name: "e2e demo defuse",
    version: 1,
    selection: "defuse",
    projection: "declaration",
  });
  expect(manifest.counts.accepted).toBeGreaterThanOrEqual(1);
  expect(createHash("sha256").update(jsonl).digest("hex")).toBe(manifest.sha256);
  const line = JSON.parse(jsonl.toString().split("\n")[0] as string);
  expect(line).toMatchObject({ instance_id: "demo__py-config-1", status: "accepted" });
  expect(line.hint).toContain("`load_config.origin_ftype` (parameter)");
  // Downloaded again, the same version is the same bytes.
  expect((await (await page.request.get(jsonlHref)).body()).equals(jsonl)).toBe(true);

  // As the benchmark's own records: the demo record with the curated hint in `interface`, named in its manifest.
  const nativeHref = (await versions.getByRole("link", { name: "benchmark records" }).getAttribute("href")) as string;
  const native = await (await page.request.get(nativeHref)).body();
  const nativeManifestHref = (await versions
    .getByRole("link", { name: "their manifest" })
    .getAttribute("href")) as string;
  const nativeManifest = JSON.parse((await (await page.request.get(nativeManifestHref)).body()).toString());
  expect(nativeManifest.native.sha256).toBe(createHash("sha256").update(native).digest("hex"));
  const record = JSON.parse(native.toString().split("\n")[0] as string);
  expect(record).toMatchObject({ instance_id: "demo__py-config-1", interface: line.hint });
  expect(record.patch).toContain("diff --git");

  // As Parquet: a Parquet file ("PAR1" at both ends) of the same lines.
  const parquet = await (
    await page.request.get((await versions.getByRole("link", { name: "Parquet" }).getAttribute("href")) as string)
  ).body();
  expect(parquet.subarray(0, 4).toString("latin1")).toBe("PAR1");
  expect(parquet.subarray(parquet.length - 4).toString("latin1")).toBe("PAR1");
});

test("a hint set made from a list view takes the view's benchmark and policy; an empty version is asked about first", async ({
  page,
}) => {
  await page.goto("/instances?benchmark=Demo%3A%20Hintscope%20sample&selection=fea&projection=pro");
  await page.getByRole("link", { name: "Make a hint set of this view" }).click();
  const form = page.getByRole("form", { name: "New hint set" });
  await expect(form.getByLabel("Benchmark")).toHaveValue("Demo: Hintscope sample");
  await expect(form.getByLabel("Selection")).toHaveValue("fea");
  await expect(form.getByLabel("Projection")).toHaveValue("pro");
  await form.getByLabel("Name", { exact: true }).fill("e2e nothing decided");
  await form.getByRole("button", { name: "Create hint set" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Created "e2e nothing decided"' })).toBeVisible();

  // No FEA × Pro hint is decided: publishing says so first; declined, nothing is published.
  const set = page.getByRole("region", { name: "Hint set e2e nothing decided" });
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain('"e2e nothing decided" has no decided hint yet');
    void dialog.dismiss();
  });
  await set.getByRole("button", { name: "Publish a new version of e2e nothing decided" }).click();
  await expect(set.getByRole("status")).toContainText("Not published:");
  page.once("dialog", (dialog) => void dialog.accept());
  await set.getByRole("button", { name: "Publish a new version of e2e nothing decided" }).click();
  await expect(set.getByRole("status")).toContainText("version 1");
});
