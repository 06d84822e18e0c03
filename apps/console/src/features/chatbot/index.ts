export { useOwnerCommands } from './chatbot-api.ts';
export { SnippetField } from './snippet-field.tsx';
