export { responseEditorRoutes } from './routes.tsx';
