import { channelsModule } from '../channels/channels-module.ts';
import type { AppModule } from '../platform/http/module.ts';
import { advertisesModule } from './advertises/advertises-module.ts';
import { chatbotModule } from './chatbot/chatbot-module.ts';
import { commandsModule } from './commands/commands-module.ts';
import { commerceModule } from './commerce/commerce-module.ts';
import { componentsModule } from './components/components-module.ts';
import { dashboardModule } from './dashboard/dashboard-module.ts';
import { dataSourcesModule } from './data-sources/data-sources-module.ts';
import { datasetsModule } from './datasets/datasets-module.ts';
import { departmentsModule } from './departments/departments-module.ts';
import { examplesModule } from './examples/examples-module.ts';
import { handoffModule } from './handoff/handoff-module.ts';
import { healthModule } from './health/health-module.ts';
import { inboxModule } from './inbox/inbox-module.ts';
import { mapsModule } from './maps/maps-module.ts';
import { nluModule } from './nlu/nlu-module.ts';
import { passportModule } from './passport/passport-module.ts';
import { placesModule } from './places/places-module.ts';
import { responsesModule } from './responses/responses-module.ts';
import { turnActionsModule } from './runtime/actions/turn-actions-module.ts';
import { responseServicesModule } from './runtime/responses/response-services.ts';
import { secretResetModule } from './secret-reset/secret-reset-module.ts';
import { sendersModule } from './senders/senders-module.ts';
import { servicesModule } from './services/services-module.ts';
import { subscriptionsModule } from './subscriptions/subscriptions-module.ts';
import { testChatModule } from './test-chat/test-chat-module.ts';
import { uploadsModule } from './uploads/uploads-module.ts';
import { usersModule } from './users/users-module.ts';
import { variablesModule } from './variables/variables-module.ts';
import { widgetApiModule } from './widget-api/widget-api-module.ts';
import { widgetSiteModule } from './widget-site/widget-site-module.ts';

/** Every feature module, registered under /api in this order. A new module adds one line here. */
export const modules: AppModule[] = [
  healthModule,
  passportModule,
  usersModule,
  secretResetModule,
  departmentsModule,
  dashboardModule,
  sendersModule,
  chatbotModule,
  responsesModule,
  advertisesModule,
  servicesModule,
  commandsModule,
  variablesModule,
  examplesModule,
  datasetsModule,
  dataSourcesModule,
  mapsModule,
  placesModule,
  commerceModule,
  subscriptionsModule,
  testChatModule,
  channelsModule,
  componentsModule,
  uploadsModule,
  nluModule,
  widgetApiModule,
  inboxModule,
  handoffModule,
  responseServicesModule,
  turnActionsModule,
  widgetSiteModule,
];
