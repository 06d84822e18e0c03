import type { Database } from '../../platform/db/database.ts';
import type { StoredChatbot } from './chatbot-service.ts';

export interface ChatbotSaved {
  before: StoredChatbot;
  after: StoredChatbot;
  /** the address the platforms reach this server at (PUBLIC_URL, else the request's origin) */
  baseUrl: string;
}

type Listener = (saved: ChatbotSaved) => Promise<void>;

const listeners = new WeakMap<Database, Set<Listener>>();

/**
 * Lets another part of the server act when an owner saves the chatbot — the channels connect a switched-on
 * channel (Telegram's webhook) and disconnect a switched-off one. Answers the function that stops listening.
 */
export function onChatbotSaved(db: Database, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Runs the listeners one after another; a failing one is logged by the caller and does not undo the save. */
export async function chatbotSaved(db: Database, saved: ChatbotSaved): Promise<unknown[]> {
  const failures: unknown[] = [];
  for (const listener of listeners.get(db) ?? []) {
    try {
      await listener(saved);
    } catch (error) {
      failures.push(error);
    }
  }
  return failures;
}
