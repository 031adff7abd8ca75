// A module item that loads a file the same patch adds (Rust's `mod name;`) is stated as that file.
import { SELECTION_POLICIES } from "../domain/hint-vocabulary";
import type { InstanceIdentifier } from "./instance-identifier";
import { moduleOfPath } from "./languages/lookup";

/**
 * A Rust module item (`pub mod test_strategies;` in `src/strategy/mod.rs`) whose file the same patch adds
 * (`src/strategy/test_strategies.rs` or `…/test_strategies/mod.rs`) is that file: the tests' paths through it
 * (`arc_swap::strategy::test_strategies::FillFastSlots`) use the file, which a hint names by its path. The file's
 * identifier takes the module's uses and selections; the module's is dropped.
 */
export function modulesAsFiles(identifiers: InstanceIdentifier[]): InstanceIdentifier[] {
  const files = new Map(identifiers.filter((i) => i.kind === "file").map((i) => [`${i.side} ${i.path}`, i]));
  const merged = new Set<InstanceIdentifier>();
  for (const module of identifiers) {
    if (module.kind !== "module" || module.status !== "new" || module.owner) continue;
    const loaded = moduleOfPath(module.path)?.uses?.moduleItemFiles?.(module.path, module.member) ?? [];
    const file = loaded.map((path) => files.get(`${module.side} ${path}`)).find((found) => found !== undefined);
    if (!file) continue;
    file.usedAt = [...file.usedAt, ...module.usedAt];
    const selected = new Set([...file.policies, ...module.policies]);
    file.policies = SELECTION_POLICIES.map((policy) => policy.id).filter((id) => selected.has(id));
    merged.add(module);
  }
  return identifiers.filter((i) => !merged.has(i));
}
