export { loadHistory } from './message-history.ts';
export { formatScore } from './result-card.tsx';
