import {
  ok,
  orderConfirmAnswerSchema,
  orderIdParams,
  ordersListAnswerSchema,
  ordersMenuIdParams,
} from '@hiwar/contracts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { confirmOrder, deleteOrder, listMenuOrders } from './orders-service.ts';

const tags = ['orders'];
const security = [{ bearer: [] }];

/**
 * A menu's orders (spec part 2 "Order"): the owner lists the pending ones, confirms (the sender is
 * told) or deletes one. Every id is checked to be the signed-in owner's. Owns `carts`, `orders`,
 * `sender_notices`; the carts are filled by the shopping_cart response (runtime/responses).
 */
export const commerceModule: AppModule = {
  name: 'commerce',
  routes(app, { db, requireUser }) {
    app.get(
      '/shopping_cart/orders/:menuId',
      {
        onRequest: requireUser,
        schema: { tags, security, params: ordersMenuIdParams, response: { 200: ordersListAnswerSchema } },
      },
      async (request) => ({
        status: 1 as const,
        data: await listMenuOrders(db, sessionOf(request).userId, request.params.menuId),
      }),
    );
    app.post(
      '/shopping_cart/orders/:orderId/confirm',
      {
        onRequest: requireUser,
        schema: { tags, security, params: orderIdParams, response: { 200: orderConfirmAnswerSchema } },
      },
      async (request) => ({
        status: 1 as const,
        data: await confirmOrder(db, sessionOf(request).userId, request.params.orderId),
      }),
    );
    app.post(
      '/shopping_cart/orders/:orderId/delete',
      { onRequest: requireUser, schema: { tags, security, params: orderIdParams, response: { 200: ok } } },
      async (request) => {
        await deleteOrder(db, sessionOf(request).userId, request.params.orderId);
        return { status: 1 as const };
      },
    );
  },
};
