import type { ComponentProps, KeyboardEvent } from 'react';

/** Input types whose Enter key does not submit a form in browsers anyway, or submits it on purpose. */
const buttonLikeTypes = new Set(['submit', 'button', 'image', 'reset']);

/**
 * Enter in a single-line field would submit the form (the browser's implicit submission). In a form made of
 * many sections that saves everything while the owner is still typing in one field, so it is stopped here;
 * the submit button, a textarea's new line and a field's own Enter handling (a select's option, a tag input's
 * tag: they run first, on the field itself) are left alone.
 */
export function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const field = event.target;
  if (field instanceof HTMLInputElement && !buttonLikeTypes.has(field.type)) event.preventDefault();
}

/**
 * The console's one rule for long forms of several sections (chatbot settings, a variable): only the submit
 * button saves; Enter in a field never does. Mark the parts with `formSection`/`formRow` so a refused save can
 * name where the first problem is (see `use-invalid-field-reveal.ts`).
 */
export function SectionedForm({ onKeyDown, ...props }: ComponentProps<'form'>) {
  return (
    <form
      noValidate
      onKeyDown={(event) => {
        keepEnterFromSubmitting(event);
        onKeyDown?.(event);
      }}
      {...props}
    />
  );
}
