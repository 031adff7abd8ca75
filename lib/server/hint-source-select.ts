/**
 * What a query selects of an instance's model-written descriptions (judge/model-descriptions.ts writes them):
 * what composing a hint reads. Here, beneath every feature, so that the review page, the export, the
 * analysis and the judge read a hint's source alike without importing the feature that writes it.
 */
export const MODEL_WRITTEN_SELECT = {
  identifier: true,
  path: true,
  description: true,
  behaviour: true,
  model: true,
} as const;
