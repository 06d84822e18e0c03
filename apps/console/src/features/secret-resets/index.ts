export { SecretResetsAlert } from './secret-resets-alert.tsx';
