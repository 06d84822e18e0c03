export { useDepartments } from './departments-api.ts';
