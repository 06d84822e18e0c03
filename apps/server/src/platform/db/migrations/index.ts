import { accounts } from './0001-accounts.ts';
import { servicesAndCommands } from './0002-services-and-commands.ts';
import { variablesExamplesDatasets } from './0003-variables-examples-datasets.ts';
import { responsesAdvertises } from './0004-responses-advertises.ts';
import { chatbots } from './0005-chatbots.ts';
import { nluModelsAndJobs } from './0006-nlu-models-and-jobs.ts';
import { conversations } from './0007-conversations.ts';
import { authoringReferenceIndexes } from './0008-authoring-reference-indexes.ts';
import { jobsOwnerKindIndex } from './0009-jobs-owner-kind-index.ts';
import { mapsAndLocations } from './0010-maps-and-locations.ts';
import { datasetRecordsSearch } from './0011-dataset-records-search.ts';
import { dataSources } from './0012-data-sources.ts';
import { datasetRecordsSearchIndex } from './0013-dataset-records-search-index.ts';
import { uploads } from './0014-uploads.ts';
import { turnActions } from './0015-turn-actions.ts';
import { datasetRecordsFoldedSearch } from './0016-dataset-records-folded-search.ts';
import { chatbotFallbackLangs } from './0017-chatbot-fallback-langs.ts';
import { datasetRecordsSenderIndex } from './0018-dataset-records-sender-index.ts';
import { csDepartments } from './0019-cs-departments.ts';
import { datasetRecordsTrigramPendingList } from './0020-dataset-records-trigram-pending-list.ts';
import { commerce } from './0021-commerce.ts';
import { menuCurrencyPayment } from './0022-menu-currency-payment.ts';
import { subscriptions } from './0023-subscriptions.ts';
import { channelUpdates } from './0024-channel-updates.ts';
import { noticeRelay } from './0025-notice-relay.ts';
import { channelRoutes } from './0026-channel-routes.ts';
import { inbox } from './0027-inbox.ts';
import { chatwootDeliveries } from './0028-chatwoot-deliveries.ts';
import { rateLimits } from './0029-rate-limits.ts';
import { secretKeyCheck } from './0030-secret-key-check.ts';
import { identityVerification } from './0031-identity-verification.ts';
import { socialIdentities } from './0032-social-identities.ts';
import { emailChange } from './0033-email-change.ts';
import { modelState } from './0034-model-state.ts';
import { exampleLanguages } from './0035-example-languages.ts';
import { modelClassifiers } from './0036-model-classifiers.ts';
import { negativeExamples } from './0037-negative-examples.ts';
import { qualityReports } from './0038-quality-reports.ts';
import { questionExits } from './0039-question-exits.ts';
import { botTexts } from './0040-bot-texts.ts';
import { deliveries } from './0041-deliveries.ts';
import { turnSenderLanguages } from './0042-turn-sender-languages.ts';
import { deliveryParts } from './0043-delivery-parts.ts';
import { deliveryQuotes } from './0044-delivery-quotes.ts';
import { deliveryWaits } from './0045-delivery-waits.ts';
import { whatsappTemplates } from './0046-whatsapp-templates.ts';
import { noticeKinds } from './0047-notice-kinds.ts';
import { deliveryLanguages } from './0048-delivery-languages.ts';
import type { AppMigration } from './column-types.ts';

/** Every migration, oldest first. Append new ones; never edit one that has shipped. */
export const migrations: AppMigration[] = [
  accounts,
  servicesAndCommands,
  variablesExamplesDatasets,
  responsesAdvertises,
  chatbots,
  nluModelsAndJobs,
  conversations,
  authoringReferenceIndexes,
  jobsOwnerKindIndex,
  mapsAndLocations,
  datasetRecordsSearch,
  dataSources,
  datasetRecordsSearchIndex,
  uploads,
  turnActions,
  datasetRecordsFoldedSearch,
  chatbotFallbackLangs,
  datasetRecordsSenderIndex,
  csDepartments,
  datasetRecordsTrigramPendingList,
  commerce,
  menuCurrencyPayment,
  subscriptions,
  channelUpdates,
  noticeRelay,
  channelRoutes,
  inbox,
  chatwootDeliveries,
  rateLimits,
  secretKeyCheck,
  identityVerification,
  socialIdentities,
  emailChange,
  modelState,
  exampleLanguages,
  modelClassifiers,
  negativeExamples,
  qualityReports,
  questionExits,
  botTexts,
  deliveries,
  turnSenderLanguages,
  deliveryParts,
  deliveryQuotes,
  deliveryWaits,
  whatsappTemplates,
  noticeKinds,
  deliveryLanguages,
];
