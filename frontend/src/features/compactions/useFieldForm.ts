import { useState, type ChangeEvent, type FormEvent } from 'react';
import { isApiError } from '../../api/problem';
import type { FieldError } from '../../api/types';
import { fieldErrorMap } from './formModel';

/** Keys of F, among the request fields K, that hold a plain string (TextKey) or a boolean. */
type TextKey<F, K extends string> = {
  [P in keyof F & K]: string extends F[P] ? P : never;
}[keyof F & K];
type BooleanKey<F, K extends string> = {
  [P in keyof F & K]: F[P] extends boolean ? P : never;
}[keyof F & K];

export interface FieldFormOptions<F, K extends string> {
  initial: F | (() => F);
  validate: (form: F) => FieldError[];
  /** The request properties: client and server field errors land on the input of that name. */
  fields: readonly K[];
  /** The mutation's error; its problem+json field errors are shown on the inputs. */
  serverError: unknown;
}

/**
 * State of a form whose fields are named after request properties: the values, the field errors
 * (the client's once submitted, else the server's), a submit handler that checks first, and
 * value/onChange/error props for its inputs.
 */
export function useFieldForm<F extends object, K extends string>({
  initial,
  validate,
  fields,
  serverError,
}: FieldFormOptions<F, K>) {
  const [form, setForm] = useState<F>(initial);
  // After the first submit the browser's checks follow every edit.
  const [submitted, setSubmitted] = useState(false);

  const set = <P extends keyof F>(key: P, value: F[P]) => setForm((f) => ({ ...f, [key]: value }));
  const clientErrors = submitted ? validate(form) : [];
  const clientMap = fieldErrorMap(clientErrors, fields);
  const serverMap = fieldErrorMap(isApiError(serverError) ? serverError.fieldErrors : [], fields);
  const errorFor = (field: K) => clientMap[field] ?? serverMap[field];

  /** A submit handler that sends only a valid form. */
  const onSubmit = (send: () => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validate(form).length > 0) return;
    send();
  };

  /** Props of a text input or area (TextField, TextAreaField) bound to a string field. */
  const text = <P extends TextKey<F, K>>(key: P) => ({
    value: form[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, e.target.value as F[P]),
    error: errorFor(key),
  });
  /** Props of an input component whose onChange gets the new value (TablePicker). */
  const picker = <P extends TextKey<F, K>>(key: P) => ({
    value: form[key] as string,
    onChange: (value: string) => set(key, value as F[P]),
    error: errorFor(key),
  });
  /** Props of a SelectField bound to a field holding one of its option values. */
  const select = <P extends keyof F & K>(key: P) => ({
    value: form[key] as string,
    onChange: (e: ChangeEvent<HTMLSelectElement>) => set(key, e.target.value as F[P]),
    error: errorFor(key),
  });
  /** Props of a CheckboxField bound to a boolean field. */
  const checkbox = <P extends BooleanKey<F, K>>(key: P) => ({
    checked: form[key] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.checked as F[P]),
    error: errorFor(key),
  });

  /** Replaces several fields at once (a preset filling the form). */
  const update = (next: (form: F) => F) => setForm(next);

  return { form, set, update, clientErrors, onSubmit, text, picker, select, checkbox };
}
