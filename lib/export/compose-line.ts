import { parseInterfaceText } from "../analysis/benchmark-hints";
import { describeIdentifiers, type Projection, renderHint } from "../analysis/render-hint";
import { keptAttributes, NO_TRIM, type Trim } from "../review/decisions";
import type { HintLine } from "./hint-lines";

export interface InstanceForExport {
  externalId: string;
  benchmark: string;
  interfaceText: string | null;
  requirements: string | null;
  identifiers: Array<{
    name: string;
    member: string;
    owner: string | null;
    kind: string;
    path: string;
    newFile: boolean;
    signature: string | null;
    policies: string[];
  }>;
}

export interface DecisionForExport {
  status: string;
  trimmed: string | null;
  flagReason: string | null;
  note: string | null;
}

/** One instance's hint under a selection × projection, with the curator's trim applied: the exported line. */
export function composeHintLine(
  instance: InstanceForExport,
  selection: string,
  projection: Projection,
  decision: DecisionForExport | null,
): HintLine {
  const trim: Trim = decision?.trimmed ? (JSON.parse(decision.trimmed) as Trim) : NO_TRIM;
  const kept = instance.identifiers.filter((i) => i.policies.includes(selection) && !trim.identifiers.includes(i.name));
  const items = describeIdentifiers(kept, {
    interfaceEntries: parseInterfaceText(instance.interfaceText),
    requirements: instance.requirements,
  });
  const attributesOf = (name: string) => [...keptAttributes(projection, trim, name)];
  return {
    instance_id: instance.externalId,
    benchmark: instance.benchmark,
    selection,
    projection,
    status: (decision?.status ?? "pending") as HintLine["status"],
    flag_reason: decision?.flagReason ?? null,
    note: decision?.note ?? null,
    hint: renderHint(items, projection, (item) => new Set(attributesOf(item.identifier.name))),
    identifiers: kept.map((i) => ({
      name: i.name,
      kind: i.kind,
      path: i.path,
      new_file: i.newFile,
      signature: i.signature,
      attributes: attributesOf(i.name),
    })),
  };
}
