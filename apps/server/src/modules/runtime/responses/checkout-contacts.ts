import {
  type BotTexts,
  type CommandResponseRecord,
  contactVariableNames,
  type VariableRecord,
} from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import { commerceWordsOf } from '../../commerce/commerce-words.ts';

/**
 * The checkout asks for what it needs: the contact details come from the command's own
 * variables named as `contactVariableNames` says (their prompts and fallbacks; a preference variable remembers a
 * returning customer's answer); a `complete_order` command without a variable for the
 * customer's name, phone or address gets one of Hiwar's own for it — asked like the owner's variables, after
 * them, in the language the sender writes — instead of refusing the order. Their ids are negative: no row of
 * the owner's has them.
 */
export const CHECKOUT_CONTACTS = [
  { id: -1, name: 'fullname', names: contactVariableNames.fullname, ask: 'askName' },
  { id: -2, name: 'phone', names: contactVariableNames.phone, ask: 'askPhone' },
  { id: -3, name: 'address', names: contactVariableNames.address, ask: 'askAddress' },
] as const;

type Contact = (typeof CHECKOUT_CONTACTS)[number];

export function isCheckoutVariable(variable: Pick<VariableRecord, 'var_id'>): boolean {
  return variable.var_id < 0;
}

function checkoutVariable(contact: Contact, commandId: number, userId: number): VariableRecord {
  return {
    var_id: contact.id,
    var_command_id: commandId,
    user_id: userId,
    var_name: contact.name,
    var_type: 'text',
    var_type_ds_id: null,
    var_type_ds_field_where: '',
    var_type_ds_field_return: '',
    var_prompt: '',
    var_is_preference: 0,
    var_is_preference_timeout: 1,
    var_max_tries: 3,
    var_order: Number.MAX_SAFE_INTEGER,
    var_val_regex: '',
    var_val_text: '',
    entity_name: '',
    var_val_stopwords: [],
    var_val_list: [],
    var_labels: [],
    var_default_val_type: 'txt',
    var_default_val: '',
    var_default_val_preference_id: null,
    var_cursor_var_id: null,
    var_fallback_type: 'text',
    var_fallback_redirect_command_id: null,
    var_fallback_msg: '',
    var_fallback_options: [],
    var_status: 1,
    created_at: '',
    updated_at: '',
  };
}

/** The checkout's own variables a command needs besides its `variables`: none unless it completes an order. */
export function checkoutVariablesOf(
  response: CommandResponseRecord,
  variables: readonly VariableRecord[],
  owner: { commandId: number; userId: number },
): VariableRecord[] {
  if (response.resp_type !== 'shopping_cart' || response.resp_cart_action !== 'complete_order') return [];
  const named = new Set(variables.map((variable) => variable.var_name.toLowerCase()));
  return CHECKOUT_CONTACTS.filter((contact) => !contact.names.some((name) => named.has(name))).map(
    (contact) => checkoutVariable(contact, owner.commandId, owner.userId),
  );
}

/** The checkout's question for its variable, in the sender's language. */
export function checkoutPromptOf(
  variable: Pick<VariableRecord, 'var_id'>,
  lang: Lang,
  botTexts?: BotTexts,
): string {
  const contact = CHECKOUT_CONTACTS.find((candidate) => candidate.id === variable.var_id);
  return contact ? commerceWordsOf(botTexts, lang)[contact.ask] : '';
}
