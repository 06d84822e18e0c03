import { z } from 'zod';
import { ok, okWith } from './envelope.ts';

/**
 * The secrets an operator's HIWAR_RESET_SECRETS=1 emptied for this owner (the server's secret key had been
 * replaced): `telegram`, `whatsapp`, `hangouts`, `facebook:<page id>`, `voice`, `mail_server`,
 * `customer_support`, `data_source:<id>`. The console names them until the owner dismisses the list.
 */
export const secretResetsResponse = okWith(z.array(z.object({ place: z.string(), reset_at: z.string() })));
export type SecretResetsResponse = z.infer<typeof secretResetsResponse>;

export const dismissSecretResetsResponse = ok;
