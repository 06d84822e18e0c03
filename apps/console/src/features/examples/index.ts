export { ExamplesTab } from './examples-tab.tsx';
