import { cartActions, contactVariableNames } from '@hiwar/contracts';
import { Alert, Select, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVariableChoices } from './builders/use-placeholder-lists.ts';
import type { StepProps } from './step-props.ts';

/**
 * The shopping cart's options: the action, and for adding or removing an item its title and quantity variable;
 * completing an order says which contact details the checkout will ask for itself (issue #31).
 */
export function CartOptions({ record, onChange, errors, commandId }: StepProps) {
  const { t } = useTranslation();
  const variables = useVariableChoices(commandId);
  const needsItem = record.resp_cart_action === 'insert' || record.resp_cart_action === 'delete';
  const named = new Set(variables.map((variable) => variable.var_name.toLowerCase()));
  const details = {
    name: contactVariableNames.fullname,
    phone: contactVariableNames.phone,
    address: contactVariableNames.address,
  };
  const asked = (Object.keys(details) as (keyof typeof details)[]).filter(
    (detail) => !details[detail].some((name) => named.has(name)),
  );
  return (
    <Stack gap="sm" maw={480}>
      <Select
        label={t('responses.cart.action')}
        data={cartActions.map((action) => ({ value: action, label: t(`responses.cart.actions.${action}`) }))}
        value={record.resp_cart_action}
        onChange={(action) =>
          action && onChange({ resp_cart_action: action as typeof record.resp_cart_action })
        }
        allowDeselect={false}
        error={errors.resp_cart_action}
      />
      {record.resp_cart_action === 'complete_order' && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="checkout-questions">
          {asked.length === 0
            ? t('responses.cart.checkoutOwnVariables')
            : t('responses.cart.checkoutAsks', {
                details: asked
                  .map((detail) => t(`responses.cart.contact.${detail}`))
                  .join(t('responses.cart.and')),
              })}
        </Alert>
      )}
      {needsItem && (
        <>
          <TextInput
            label={t('responses.cart.title')}
            required
            value={record.resp_cart_title}
            onChange={(event) => onChange({ resp_cart_title: event.currentTarget.value })}
            error={errors.resp_cart_title}
          />
          <Select
            label={t('responses.cart.quantity')}
            required
            data={variables.map((variable) => ({ value: String(variable.var_id), label: variable.var_name }))}
            value={record.resp_cart_quantity === null ? null : String(record.resp_cart_quantity)}
            onChange={(value) => onChange({ resp_cart_quantity: value ? Number(value) : null })}
            error={errors.resp_cart_quantity}
            clearable
          />
        </>
      )}
    </Stack>
  );
}
