import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { TextField } from './Field';

export interface TypedConfirmFieldProps {
  /** What is typed, for the label: "Type the cluster name to confirm". */
  what: string;
  /** The exact text that confirms. */
  expected: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The "type the name to confirm" input of every destructive action. */
export function TypedConfirmField({
  what,
  expected,
  value,
  onChange,
  error,
}: TypedConfirmFieldProps) {
  return (
    <TextField
      label={`Type the ${what} to confirm`}
      value={value}
      autoComplete="off"
      spellCheck={false}
      hint={
        <>
          Type <code>{expected}</code>
        </>
      }
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

export type TypedConfirmDialogProps = Omit<ConfirmDialogProps, 'confirmDisabled' | 'onConfirm'> & {
  what: string;
  expected: string;
  /** Gets what was typed (the API checks it again as `confirm`). */
  onConfirm: (typed: string) => void;
  /** Below the typed field, e.g. the refusals of a failed start. */
  after?: ReactNode;
  /** Keeps the confirm button disabled for another reason than the typed text. */
  blocked?: boolean;
};

/**
 * A confirmation that stays disabled until `expected` is typed exactly. The typed text lives
 * only while the dialog is open, so every opening starts empty.
 */
export function TypedConfirmDialog(props: TypedConfirmDialogProps) {
  if (!props.open) return null;
  return <OpenTypedConfirmDialog {...props} />;
}

function OpenTypedConfirmDialog({
  what,
  expected,
  onConfirm,
  after,
  blocked = false,
  children,
  ...dialog
}: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog
      {...dialog}
      confirmDisabled={blocked || typed !== expected}
      onConfirm={() => onConfirm(typed)}
    >
      {children}
      <TypedConfirmField what={what} expected={expected} value={typed} onChange={setTyped} />
      {after}
    </ConfirmDialog>
  );
}
