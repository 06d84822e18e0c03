export { useDatasetSchema } from './reference-data-api.ts';
export { VariableFormPage } from './variable-form-page.tsx';
export { useVariableNames, useVariablesPage } from './variables-api.ts';
export { VariablesTab } from './variables-tab.tsx';
