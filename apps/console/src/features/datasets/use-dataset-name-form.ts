import {
  type DatasetField,
  DEFAULT_ORDER_CURRENCY,
  DEFAULT_ORDER_PAYMENT_METHOD,
  type OrderCurrency,
  type OrderPaymentMethod,
  type SaveDatasetRequest,
} from '@hiwar/contracts';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../lib/form-errors.ts';
import type { DatasetKind } from './dataset-kind.ts';
import { datasetFailureMessage, localizeDatasetMessage } from './dataset-messages.ts';
import { datasetsKey, saveDataset, useDataset } from './datasets-api.ts';

/** A menu's tax and shipping are percentages of the subtotal (spec part 2 §3 "Menu extras"). */
const MAX_PERCENT = 100;

export interface NameFormValues {
  name: string;
  isActive: boolean;
  /** menus only: '' while empty (saved as 0) */
  tax: number | string;
  shipping: number | string;
  /** menus only: the currency of its prices and orders, the receipt's payment method */
  currency: OrderCurrency;
  paymentMethod: OrderPaymentMethod;
}

const percentOf = (value: number | string) => (value === '' ? 0 : Number(value));

function checkPercent(t: TFunction, value: number | string): string | null {
  const percent = percentOf(value);
  return Number.isFinite(percent) && percent >= 0 && percent <= MAX_PERCENT
    ? null
    : t('menus.form.percentRange', { max: MAX_PERCENT });
}

/**
 * The save call's body: a menu's name goes as menu_name with its tax, shipping, currency and payment method
 * (spec part 2 §5, §7).
 */
function saveRequestOf(
  kind: DatasetKind,
  values: NameFormValues,
  newFields: DatasetField[] | undefined,
): SaveDatasetRequest {
  return {
    [kind.nameField]: values.name.trim(),
    ds_type: kind.type,
    ds_status: values.isActive ? 1 : 0,
    ...(kind.type === 'menu' && {
      ds_tax: percentOf(values.tax),
      ds_shipping: percentOf(values.shipping),
      ds_currency: values.currency,
      ds_payment_method: values.paymentMethod,
    }),
    ...(newFields && { ds_schema: newFields }),
  };
}

/** Server field names → the form's. */
const formFieldOf: Record<string, keyof NameFormValues> = {
  ds_name: 'name',
  menu_name: 'name',
  ds_tax: 'tax',
  ds_shipping: 'shipping',
  ds_currency: 'currency',
  ds_payment_method: 'paymentMethod',
};

/**
 * The name, status (and a menu's tax, shipping, currency and payment method) part of the dataset form; a new dataset is created with the
 * fields given so far, and `onCreated` then opens it.
 */
export function useDatasetNameForm(
  kind: DatasetKind,
  datasetId: number,
  draftFields: DatasetField[],
  onCreated: (id: number) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dataset = useDataset(datasetId);
  const isMenu = kind.type === 'menu';
  const form = useForm<NameFormValues>({
    initialValues: {
      name: '',
      isActive: true,
      tax: '',
      shipping: '',
      currency: DEFAULT_ORDER_CURRENCY,
      paymentMethod: DEFAULT_ORDER_PAYMENT_METHOD,
    },
    validate: {
      name: (name) => (name.trim() === '' ? localizeDatasetMessage(t, kind.nameRequired) : null),
      tax: (tax) => (isMenu ? checkPercent(t, tax) : null),
      shipping: (shipping) => (isMenu ? checkPercent(t, shipping) : null),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded dataset.
  useEffect(() => {
    if (!dataset.data) return;
    const { ds_name, ds_status, ds_tax, ds_shipping, ds_currency, ds_payment_method } = dataset.data;
    form.setValues({
      name: ds_name,
      isActive: ds_status === 1,
      tax: ds_tax,
      shipping: ds_shipping,
      currency: ds_currency,
      paymentMethod: ds_payment_method,
    });
    form.resetDirty();
  }, [dataset.data]);

  const mutation = useMutation({
    mutationFn: (values: NameFormValues) =>
      saveDataset(datasetId, saveRequestOf(kind, values, datasetId === 0 ? draftFields : undefined)),
    onSuccess: (saved) => {
      const message = datasetId === 0 ? 'datasets.messages.added' : 'messages.successfullyUpdated';
      notifications.show({ color: 'green', message: t(message) });
      queryClient.setQueryData([...datasetsKey, 'one', saved.ds_id], saved);
      void queryClient.invalidateQueries({ queryKey: datasetsKey });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name'] });
      if (saved.ds_id !== datasetId) onCreated(saved.ds_id);
    },
    onError: (error) => {
      const fieldErrors = Object.entries(serverFieldErrors(error, t, kind.nameField)).filter(
        ([field]) => field in formFieldOf,
      );
      for (const [field, message] of fieldErrors) {
        const text = typeof message === 'string' ? localizeDatasetMessage(t, message) : message;
        form.setFieldError(formFieldOf[field] ?? 'name', text);
      }
      if (fieldErrors.length === 0)
        notifications.show({ color: 'red', message: datasetFailureMessage(t, error) });
    },
  });
  return { dataset, form, mutation };
}
