import { PROJECTION_ATTRIBUTES, type Projection } from "../domain/hint-vocabulary";
import type { HintAttribute } from "../domain/judge-scales";
import { findInterfaceEntry, type InterfaceEntry, oneSentence, requirementsMentioning } from "./benchmark-hints";
import { moduleOfPath } from "./languages/lookup";
import type { InstanceIdentifier } from "./select-identifiers";

export {
  PROJECTION_ATTRIBUTES,
  PROJECTION_LABELS,
  PROJECTIONS,
  type Projection,
} from "../domain/hint-vocabulary";

/**
 * A description a model wrote for an identifier the benchmark does not describe (the paper's weak and strong
 * semantics, written from the reference patch): one sentence, and a paragraph on behaviour.
 */
export interface ModelWritten {
  identifier: string;
  path: string;
  description: string;
  behaviour: string;
  /** who wrote it: endpoint/model@template */
  model: string;
}

/**
 * What describes identifiers: SWE-bench Pro's interface entries and requirements, then (where those say
 * nothing) descriptions a model wrote.
 */
export interface HintSources {
  interfaceEntries: InterfaceEntry[];
  requirements: string | null;
  modelWritten?: readonly ModelWritten[];
}

/** An identifier as a hint states it: the structural attributes, and the descriptions found for it. */
export interface HintItem {
  identifier: Pick<InstanceIdentifier, "name" | "member" | "owner" | "path" | "newFile" | "signature"> & {
    kind: string;
  };
  /** one sentence: what it is and does (weak semantics), or null where the data has none */
  description: string | null;
  /** behaviour, edge cases and test-implied constraints (strong semantics), or null */
  behaviour: string | null;
  /** a model wrote the description (the benchmark gives none): who, as endpoint/model@template */
  modelWrittenBy?: string;
}

/**
 * Pairs identifiers with the descriptions the benchmark's own hint text gives them; where it gives neither
 * a description nor a behaviour, with those a model wrote for the identifier (by name and file).
 */
export function describeIdentifiers(identifiers: HintItem["identifier"][], sources: HintSources): HintItem[] {
  const written = new Map((sources.modelWritten ?? []).map((m) => [`${m.identifier}\u0000${m.path}`, m]));
  return identifiers.map((identifier) => {
    const entry = findInterfaceEntry(sources.interfaceEntries, identifier);
    const behaviour = requirementsMentioning(sources.requirements, identifier.member);
    const item: HintItem = {
      identifier,
      description: entry?.description ?? null,
      behaviour: behaviour.length > 0 ? behaviour.join(" ") : null,
    };
    const model = written.get(`${identifier.name}\u0000${identifier.path}`);
    if (!model || (item.description !== null && item.behaviour !== null)) return item;
    return {
      ...item,
      description: item.description ?? model.description,
      behaviour: item.behaviour ?? model.behaviour,
      ...(item.description === null ? { modelWrittenBy: model.model } : {}),
    };
  });
}

const MISSING_DESCRIPTION = "none available (the benchmark gives no description; a curator may write one)";
const MISSING_BEHAVIOUR = "none available (no requirement mentions it)";

/**
 * Who reads a rendered hint. The curator sees where a description is missing ("none available …", so they can
 * write one); an agent reads only what is known: a missing description or behaviour is left out, never stated
 * as a placeholder (every export renders for the agent).
 */
export type HintAudience = "curator" | "agent";

/** A line that only the review page may show: a placeholder for a missing description or behaviour. */
const PLACEHOLDER_LINE = new RegExp(
  `^(?:Description: ${escapeRegExp(MISSING_DESCRIPTION)}|Behaviour: ${escapeRegExp(MISSING_BEHAVIOUR)})$`,
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A hint text as an agent may read it: any placeholder line a curator's rendering holds (a version published
 * before exports rendered for the agent stored them) taken out. Text without placeholders comes back as it is.
 */
export function agentText(text: string): string {
  if (!text.includes("none available (")) return text;
  return text
    .split("\n")
    .filter((line) => !PLACEHOLDER_LINE.test(line))
    .join("\n");
}

/** Whether a text holds a line meant for the curator only. */
export const hasPlaceholder = (text: string) => text.split("\n").some((line) => PLACEHOLDER_LINE.test(line));

/**
 * A name as its own language writes it: `Store::new` in Rust, C++ and PHP, `Owner.member` elsewhere
 * (Ruby's singleton and instance methods alike, as `A.m`). Only the hint's text: identifiers keep their
 * one internal form.
 */
export function displayName(identifier: { name: string; owner: string | null; member: string; path: string }): string {
  if (!identifier.owner) return identifier.name;
  return moduleOfPath(identifier.path)?.memberSeparator === "::"
    ? `${identifier.owner.split(".").join("::")}::${identifier.member}`
    : identifier.name;
}

function headline(
  item: HintItem,
  attributes: ReadonlySet<HintAttribute>,
  level: string,
  parent: HintItem | null,
): string {
  const id = item.identifier;
  const shown = parent && id.owner === parent.identifier.name ? id.member : displayName(id);
  let line = `${level} \`${shown}\``;
  if (attributes.has("kind")) line += ` (${id.kind})`;
  // A file's name is its path: said once.
  if (attributes.has("path") && (!parent || parent.identifier.path !== id.path) && shown !== id.path)
    line += ` -- \`${id.path}\``;
  if (attributes.has("new_file") && id.newFile && !parent?.identifier.newFile) line += " [new file]";
  return line;
}

function body(item: HintItem, attributes: ReadonlySet<HintAttribute>, audience: HintAudience): string[] {
  const lines: string[] = [];
  // An overloaded callable states each overload the tests call, one line each.
  if (attributes.has("signature") && item.identifier.signature)
    for (const signature of item.identifier.signature.split("\n")) lines.push(`Signature: \`${signature}\``);
  // Declaration + Doc states one sentence of at most 20 words; Pro (with behaviour) keeps the whole text.
  if (attributes.has("weak_semantics")) {
    const text =
      item.description && !attributes.has("strong_semantics") ? oneSentence(item.description) : item.description;
    if (text || audience === "curator") lines.push(`Description: ${text ?? MISSING_DESCRIPTION}`);
  }
  if (attributes.has("strong_semantics") && (item.behaviour || audience === "curator"))
    lines.push(`Behaviour: ${item.behaviour ?? MISSING_BEHAVIOUR}`);
  return lines;
}

/**
 * Renders a hint: Name only as a list; richer projections as `### name (kind) -- path [new file]` blocks
 * with members nested under their class (or function, for parameters) when that is in the hint too.
 * `attributesOf` lets a curator's trim drop attributes of single identifiers. For the `agent`, a missing
 * description or behaviour is left out; the `curator` (the default: the review page) sees it said.
 */
export function renderHint(
  items: HintItem[],
  projection: Projection,
  attributesOf: (item: HintItem) => ReadonlySet<HintAttribute> = () => new Set(PROJECTION_ATTRIBUTES[projection]),
  audience: HintAudience = "curator",
): string {
  if (items.length === 0) return "";
  if (projection === "name") return items.map((item) => `- \`${displayName(item.identifier)}\``).join("\n");
  const byName = new Map(items.map((item) => [item.identifier.name, item]));
  const parentOf = (item: HintItem) => (item.identifier.owner ? (byName.get(item.identifier.owner) ?? null) : null);
  const blocks: string[] = [];
  const render = (item: HintItem, depth: number) => {
    const parent = parentOf(item);
    const attributes = attributesOf(item);
    blocks.push(
      [
        headline(item, attributes, "#".repeat(Math.min(3 + depth, 6)), depth > 0 ? parent : null),
        ...body(item, attributes, audience),
      ].join("\n"),
    );
    for (const child of items.filter((other) => parentOf(other) === item)) render(child, depth + 1);
  };
  for (const item of items) if (!parentOf(item)) render(item, 0);
  return blocks.join("\n\n");
}
