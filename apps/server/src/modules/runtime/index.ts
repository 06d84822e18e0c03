/** The conversation runtime: what the widget API, the channels and the debugger call. */

export type { SenderKey } from '../../kernel/sender-key.ts';
export { botCache } from './bot-cache.ts';
export { type HandledTurn, handleEvent, type IncomingTurn } from './handle-event.ts';
export { type PreviewResult, previewReplies } from './preview-replies.ts';
export type { SenderBank } from './sender-bank.ts';
export {
  appendTurnTrace,
  countTurns,
  findTurnReplies,
  listTurns,
  type StoredTurn,
} from './turn-repository.ts';
export type { RuntimeChatbot, RuntimeDeps, SenderProfile, StepTrace } from './turn-state.ts';
