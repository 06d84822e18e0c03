/** The response editor's builders (options, user data, actions) and the `@f @d @v @m` placeholder fields. */
export { ComponentOptions } from './component-options.tsx';
export { DatasetQueryBuilder } from './dataset-query-builder.tsx';
export { PlaceholderInput, PlaceholderTextarea } from './placeholder-field.tsx';
export { ResponseActionsStep } from './response-actions-step.tsx';
export { SqlEditor } from './sql-editor.tsx';
export { UserDataStep } from './user-data-step.tsx';
