import { Navigate, useParams } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen.tsx';
import type { FeatureModule } from '../../lib/feature-module.ts';
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
