export { useAllSubscriptions } from './subscriptions-api.ts';
