import type { ModelWritten } from "../analysis/render-hint";
import type { Projection } from "../domain/hint-vocabulary";
import { composeHint, type HintSourceIdentifier, NO_TRIM, type Trim } from "../hint/compose-hint";
import { type DecidedHint, hintStatus } from "../hint/status";
import type { HintLine } from "./hint-lines";

export interface InstanceForExport {
  externalId: string;
  benchmark: string;
  interfaceText: string | null;
  requirements: string | null;
  /** the hash of what the instance's hints are made from now */
  hintSource: string;
  identifiers: HintSourceIdentifier[];
  /** descriptions a model wrote where the benchmark has none */
  modelWritten?: readonly ModelWritten[];
}

export interface DecisionForExport extends DecidedHint {
  /** the curator's trim, parsed */
  trim: Trim | null;
  flagReason: string | null;
  note: string | null;
}

/**
 * One instance's hint under a selection × projection with the curator's trim applied: the exported line.
 * A decision made on other content is exported as `stale`, with today's text, never as accepted.
 */
export function composeHintLine(
  instance: InstanceForExport,
  selection: string,
  projection: Projection,
  decision: DecisionForExport | null,
): HintLine {
  // Rendered for the agent: an exported hint carries no placeholder meant for the curator.
  const composed = composeHint(instance, selection, projection, decision?.trim ?? NO_TRIM, "agent");
  return {
    instance_id: instance.externalId,
    benchmark: instance.benchmark,
    selection,
    projection,
    status: hintStatus(decision, instance.hintSource),
    flag_reason: decision?.flagReason ?? null,
    note: decision?.note ?? null,
    hint: composed.text,
    identifiers: composed.kept.map((i) => ({
      name: i.name,
      kind: i.kind,
      path: i.path,
      new_file: i.newFile,
      signature: i.signature,
      attributes: i.attributes,
      ...((i.describedBy === "curator" || i.describedBy === "model") && i.attributes.includes("weak_semantics")
        ? { described_by: i.describedBy }
        : {}),
      ...(i.describedBy === "model" && i.attributes.includes("weak_semantics") && i.modelWrittenBy
        ? { written_by: i.modelWrittenBy }
        : {}),
    })),
  };
}
