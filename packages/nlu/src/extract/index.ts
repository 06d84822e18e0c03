export type { Entity, EntityOptions, EntityType } from './entities/entity.ts';
export { extractEntities } from './entities/extract-entities.ts';
