import type { Model } from '@hiwar/nlu';

/**
 * A model as stored and as it travels to the worker: JSON text in two parts. The classifier is most of the text
 * (about nine tenths for a bot of 50 commands) and changes only with a full training, so it is kept apart: an
 * incremental update writes the rest alone.
 */
export interface ModelText {
  /** the model's JSON with `classifier: null` */
  json: string;
  /** the classifier's JSON; null when the model has none */
  classifierJson: string | null;
}

/** The model the two texts make. */
export function modelFromText(text: ModelText): Model {
  const model = JSON.parse(text.json) as Model;
  model.classifier =
    text.classifierJson === null ? null : (JSON.parse(text.classifierJson) as Model['classifier']);
  return model;
}

/** A model's two texts; `known` is reused when the classifier is the one it was made from (no serialising again). */
export function textOfModel(
  model: Model,
  known?: { classifier: Model['classifier']; json: string | null },
): ModelText {
  const { classifier } = model;
  const classifierJson =
    classifier === null
      ? null
      : known && known.classifier === classifier && known.json !== null
        ? known.json
        : JSON.stringify(classifier);
  return { json: JSON.stringify({ ...model, classifier: null }), classifierJson };
}
