import type { ResponseType } from '@hiwar/contracts';
import { executeApiResponse } from './api-response.ts';
import { executeComponentResponse } from './component-response.ts';
import { executeDataSourceResponse } from './data-source-response.ts';
import { executeDatasetResponse } from './ds-response.ts';
import { executeLocationResponse } from './location-response.ts';
import { executeMenuResponse } from './menu-response.ts';
import type { ResponseExecutor } from './response-executor.ts';
import { executeShoppingCartResponse } from './shopping-cart-response.ts';
import { executeStaticCardsResponse } from './static-cards-response.ts';
import { executeSubResponse } from './sub-response.ts';
import { executeTextResponse } from './text-response.ts';

/**
 * The executor of each response type the runtime answers (README "Adding a response type"). Today every type
 * of the contract has one; the map is `Partial` so that a type without one (added to the contract before its
 * executor) is no error: `executeResponse` answers it with the fallback message, noting "<type>: not
 * executed" in the turn's trace.
 */
export const responseExecutors: Partial<Record<ResponseType, ResponseExecutor>> = {
  text: executeTextResponse,
  quick_rep: executeTextResponse,
  static_cards: executeStaticCardsResponse,
  location: executeLocationResponse,
  ds: executeDatasetResponse,
  api: executeApiResponse,
  data_source: executeDataSourceResponse,
  component: executeComponentResponse,
  menu: executeMenuResponse,
  shopping_cart: executeShoppingCartResponse,
  sub: executeSubResponse,
};
