export { localizeFeatureMessage, localizeFormErrors } from './feature-messages.ts';
export { ServiceModal } from './service-modal.tsx';
export {
  fetchServiceChoices,
  type ServiceChoices,
  servicesKey,
  setServiceStatus,
  useService,
  useServiceChoices,
} from './services-api.ts';
