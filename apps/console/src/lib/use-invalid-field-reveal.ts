import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeInvalidField, findFirstInvalidField, revealInvalidField } from './invalid-field.ts';

interface RevealRequest {
  /** show "Some fields need your attention" naming the field (off when another toast already says so) */
  isAnnounced: boolean;
}

/**
 * A refused save of a long form: names the first field with a message by its section, row and label in a
 * toast, scrolls to it and focuses it. Give `formRef` to the form; call `revealFirstInvalidField()` right
 * after setting the errors — the field is looked for once they have rendered.
 */
export function useInvalidFieldReveal<Element extends HTMLElement = HTMLFormElement>() {
  const { t } = useTranslation();
  const formRef = useRef<Element>(null);
  // the request is taken once, so an effect run twice (strict mode, a new `t`) does not toast twice
  const pending = useRef<RevealRequest | null>(null);
  const [requestCount, setRequestCount] = useState(0);

  useEffect(() => {
    const request = pending.current;
    if (requestCount === 0 || !request || !formRef.current) return;
    pending.current = null;
    const field = findFirstInvalidField(formRef.current);
    if (request.isAnnounced)
      notifications.show({
        color: 'red',
        title: t('common.invalidFields'),
        message: field
          ? describeInvalidField(field, t('common.placeSeparator'))
          : t('common.invalidFieldsHint'),
      });
    if (field) revealInvalidField(field);
  }, [requestCount, t]);

  return {
    formRef,
    revealFirstInvalidField: (options: Partial<RevealRequest> = {}) => {
      pending.current = { isAnnounced: options.isAnnounced ?? true };
      setRequestCount((count) => count + 1);
    },
  };
}
