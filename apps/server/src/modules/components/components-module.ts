import { componentEntitiesResponse, componentsResponse } from '@hiwar/contracts';
import type { AppModule } from '../../platform/http/module.ts';
import { componentEntities } from './component-entities.ts';
import { listBuiltInComponents } from './component-registry.ts';

export const componentsModule: AppModule = {
  name: 'components',
  routes(app, { requireUser }) {
    app.get(
      '/components',
      {
        onRequest: requireUser,
        schema: {
          tags: ['components'],
          security: [{ bearer: [] }],
          response: { 200: componentsResponse },
        },
      },
      async () => ({ status: 1 as const, components: listBuiltInComponents() }),
    );
    app.get(
      '/components/entities',
      {
        onRequest: requireUser,
        schema: {
          tags: ['components'],
          security: [{ bearer: [] }],
          response: { 200: componentEntitiesResponse },
        },
      },
      async () => ({ status: 1 as const, components: componentEntities }),
    );
  },
};
