import type { AppModule } from '../../platform/http/module.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { registerRegistrationRoutes } from './registration-routes.ts';

/** Accounts: registration, activation, social registration, profile and settings. Owns `users`, `social_signins`. */
export const usersModule: AppModule = {
  name: 'users',
  async routes(app, context) {
    registerRegistrationRoutes(app, context);
    await registerProfileRoutes(app, context);
  },
};
