/**
 * Tables the traffic writes — the conversations themselves, what a turn or a delivery leaves (actions, carts,
 * orders, notices, subscriptions, broadcast outboxes, the channels' inboxes) — and sign-ins, jobs, the NLU models
 * (cached by their version, nlu/model-store.ts), their state (written by every save and model update, read by
 * no cache) and learned values (read by the extractors): none of them changes
 * what the bot caches hold, and they are written on every message, so a write to them must not empty the caches.
 * A write to any other table empties them.
 */
export const TRAFFIC_TABLES: ReadonlySet<string> = new Set([
  'conversation_turns',
  'sender_banks',
  'sender_preferences',
  'senders',
  'turn_actions',
  'carts',
  'orders',
  'sender_notices',
  'subscribers',
  'subscriber_values',
  'notifications',
  'notification_outbox',
  'channel_updates',
  'deliveries',
  'channel_payloads',
  'channel_connections',
  'channel_routes',
  'access_tokens',
  'login_failures',
  'social_signins',
  'social_identities',
  'jobs',
  'nlu_models',
  'nlu_classifiers',
  'nlu_learned_values',
  'nlu_model_state',
  'inbox_groups',
  'inbox_messages',
  'inbox_progress',
  'traffic_days',
  'handoffs',
]);
