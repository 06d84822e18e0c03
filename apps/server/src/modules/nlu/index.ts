/** The NLU integration: what the conversation runtime and other modules may call. */

export { findChatbotSettings, parserFor } from './chatbot-settings.ts';
export {
  type CommandVariableValue,
  type CommandVariableValues,
  type ExtractOptions,
  extractCommandVariables,
} from './command-variables.ts';
export { listMatchableCommandIds } from './corpus-repository.ts';
export { modelUpdatesSettled, requestModelUpdate } from './model-updates.ts';
export { NLU_LANGS, NLU_PARSERS, type NluLang, type NluParser } from './reconcile-model.ts';
export { everyModelOf, trainOwnerModels } from './train-owner.ts';
export {
  type RankedCommand,
  type SimilarExample,
  type Understanding,
  type UnderstandOptions,
  understandMessage,
} from './understand-message.ts';
