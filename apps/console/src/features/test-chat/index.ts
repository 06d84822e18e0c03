export { useResetTestChat } from './test-chat-api.ts';
export { TestChatButton } from './test-chat-button.tsx';
