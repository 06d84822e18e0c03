import { Navigate, useParams } from 'react-router';
import type { FeatureModule } from '../../app/feature-module.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import { browseService } from './services-api.ts';

/** Spec: /services/{id} shows that service's commands. */
function ServiceRedirect() {
  const { serviceId } = useParams();
  return <Navigate to={`/services/${serviceId}/commands`} replace />;
}

export const servicesModule: FeatureModule = {
  routes: [
    {
      path: 'services',
      element: lazyScreen(() => import('./services-page.tsx').then((file) => file.ServicesPage)),
    },
    { path: 'services/:serviceId', element: <ServiceRedirect /> },
  ],
  crumbNames: { services: async (id) => (await browseService(id)).service_name },
};
