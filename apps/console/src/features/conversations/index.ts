export { useWaitingCounts } from './inbox-api.ts';
export { type TrafficPeriod, useTraffic } from './traffic-api.ts';
