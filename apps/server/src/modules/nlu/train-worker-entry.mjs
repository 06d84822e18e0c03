// The worker thread's entry, plain JavaScript so Node can start it anywhere (under tsx or under Vitest):
// it registers tsx's loader in this thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./train-worker.ts');
