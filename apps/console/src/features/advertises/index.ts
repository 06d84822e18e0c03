export { AdvertisesTab } from './advertises-tab.tsx';
