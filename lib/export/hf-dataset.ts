/**
 * A hint set version in the Hugging Face datasets layout: `data/test-00000-of-00001.parquet` (the same rows and
 * columns as the version's Parquet) and a dataset card `README.md` whose YAML declares the config, its data files
 * and the features, so `datasets.load_dataset(folder)` reads it with these types (the `configs` and
 * `dataset_info` fields of the card, as the Hub's "Manual Configuration" and dataset-card docs describe them).
 */
export const HF_PARQUET = "data/test-00000-of-00001.parquet";
export const HF_CARD = "README.md";

/** The features of a hint line, in the card's YAML: the Parquet's columns, with the same types. */
const FEATURES = `  features:
  - name: instance_id
    dtype: string
  - name: benchmark
    dtype: string
  - name: selection
    dtype: string
  - name: projection
    dtype: string
  - name: status
    dtype: string
  - name: flag_reason
    dtype: string
  - name: note
    dtype: string
  - name: hint
    dtype: string
  - name: identifiers
    list:
    - name: name
      dtype: string
    - name: kind
      dtype: string
    - name: path
      dtype: string
    - name: new_file
      dtype: bool
    - name: signature
      dtype: string
    - name: attributes
      sequence: string
    - name: described_by
      dtype: string
    - name: written_by
      dtype: string
  - name: labels
    list:
    - name: source
      dtype: string
    - name: name
      dtype: string
    - name: value
      dtype: string`;

/** A YAML scalar, double-quoted (JSON's string syntax is YAML's double-quoted scalar). */
const quoted = (text: string) => JSON.stringify(text);

export interface CardFacts {
  name: string;
  version: number | null;
  benchmark: string;
  selection: string;
  projection: string;
  rows: number;
  parquetBytes: number;
  sha256: string;
}

/** The dataset card: YAML (configs, features, the split's size) and a few lines on what the rows are. */
export function datasetCard(facts: CardFacts): string {
  const title = `${facts.name}${facts.version ? ` v${facts.version}` : ""}`;
  return `---
pretty_name: ${quoted(`Hint set ${title}`)}
tags:
- hintscope
- code
configs:
- config_name: default
  data_files:
  - split: test
    path: data/test-*
dataset_info:
${FEATURES}
  splits:
  - name: test
    num_examples: ${facts.rows}
  download_size: ${facts.parquetBytes}
---

# Hint set ${title}

Curated hints for ${facts.benchmark}, selection \`${facts.selection}\` × projection \`${facts.projection}\`:
one row per instance, with the hint text an agent reads (\`hint\`), the identifiers it was rendered from, the
curator's decision (\`status\`, \`flag_reason\`, \`note\`) and labels published about the instance.

\`\`\`python
from datasets import load_dataset
hints = load_dataset("path/to/this/folder", split="test")
\`\`\`

${facts.rows} rows; \`${HF_PARQUET}\` has SHA-256 \`${facts.sha256}\`. Written by Hintscope.
`;
}
