import { Navigate, useParams } from 'react-router';
import type { FeatureModule } from '../../app/feature-module.ts';
import { browseService } from './services-api.ts';
import { ServicesPage } from './services-page.tsx';

/** Spec: /services/{id} shows that service's commands. */
function ServiceRedirect() {
  const { serviceId } = useParams();
  return <Navigate to={`/services/${serviceId}/commands`} replace />;
}

export const servicesModule: FeatureModule = {
  routes: [
    { path: 'services', element: <ServicesPage /> },
    { path: 'services/:serviceId', element: <ServiceRedirect /> },
  ],
  crumbNames: { services: async (id) => (await browseService(id)).service_name },
};
