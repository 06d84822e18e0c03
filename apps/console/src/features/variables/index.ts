export { variableCrumbName } from './variable-crumb-name.ts';
export { VariableFormPage } from './variable-form-page.tsx';
export { VariablesTab } from './variables-tab.tsx';
