import type { AppModule } from '../platform/http/module.ts';
import { healthModule } from './health/health-routes.ts';

/** Every feature module, registered under /api in this order. A new module adds one line here. */
export const modules: AppModule[] = [healthModule];
