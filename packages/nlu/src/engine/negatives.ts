/**
 * The class of negative examples: messages the owner marked "not for this bot". They train like any
 * command's examples — the classifier learns a class for them, they have a centroid, an exact repeat is matched
 * by its words — but a message whose best class is this one is out of scope. They take no part in calibrating
 * the threshold or the score floor, which describe how the bot's own commands' messages score.
 */
export const NEGATIVE_CLASS = 'not-for-bot';

export function isNegativeClass(command: string): boolean {
  return command === NEGATIVE_CLASS;
}
