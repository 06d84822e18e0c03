import { type ComponentEntity, componentEntitiesResponse, componentsResponse } from '@hiwar/contracts';
import type { AppModule } from '../../platform/http/module.ts';
import { listBuiltInComponents } from './component-registry.ts';

/** The built-in entity types the NLU engine extracts (packages/nlu EntityType), offered to component variables. */
export const componentEntities: ComponentEntity[] = [
  { name: 'number', label: 'Number' },
  { name: 'ordinal', label: 'Ordinal' },
  { name: 'date', label: 'Date' },
  { name: 'time', label: 'Time' },
  { name: 'datetime', label: 'Date and time' },
  { name: 'duration', label: 'Duration' },
  { name: 'email', label: 'Email' },
  { name: 'phone', label: 'Phone number' },
  { name: 'url', label: 'URL' },
];

export function isComponentEntity(name: string): boolean {
  return componentEntities.some((entity) => entity.name === name);
}

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
