import type { FeatureModule } from '../../lib/feature-module.ts';
import { variableCrumbName } from './variable-crumb-name.ts';

/**
 * A command's variables have no routes of their own here: their list and form are tabs of the command page
 * (`features/commands/module.tsx` routes them). This module names their ids in the breadcrumbs.
 */
export const variablesModule: FeatureModule = {
  routes: [],
  crumbNames: { variables: variableCrumbName },
};
