/**
 * The one form field of the web app: a label, the control, a hint and the error, with the error
 * (or else the hint) tied to the control through aria-describedby and aria-invalid, so a screen
 * reader says why a field was refused. `as` picks the control; a checkbox keeps its label beside it.
 * Extra props go to the control, so `{...register('name')}` (ref included, React 19) spreads in.
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface Common {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

type InputProps = Common & { as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };
type TextAreaProps = Common & { as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> };
type SelectProps = Common & { as: 'select' } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { ref?: Ref<HTMLSelectElement> };
export type FieldProps = InputProps | TextAreaProps | SelectProps;

export const controlClass = (error?: string) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-green-700/30 disabled:bg-stone-100 ${
    error ? 'border-red-600' : 'border-stone-300 focus:border-green-700'
  }`;

/** The ids a control points at: the error when there is one, else the hint. */
export function describedBy(id: string, error: string | undefined, hint: ReactNode): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  if (error) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` };
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}

export function Field(props: FieldProps) {
  const { id, label, error, hint } = props;
  const aria = describedBy(id, error, hint);
  const messages = (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
  /** The label above the control, then the hint or the error. */
  const labelled = (className: string | undefined, control: ReactNode) => (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {control}
      {messages}
    </div>
  );

  if (props.as === 'textarea') {
    const { as: _as, id: _id, label: _label, error: _error, hint: _hint, className, ...control } = props;
    return labelled(className, <textarea id={id} rows={3} {...aria} className={controlClass(error)} {...control} />);
  }
  if (props.as === 'select') {
    const { as: _as, id: _id, label: _label, error: _error, hint: _hint, className, ...control } = props;
    return labelled(className, <select id={id} {...aria} className={controlClass(error)} {...control} />);
  }
  const { as: _as, id: _id, label: _label, error: _error, hint: _hint, className, ...control } = props;
  if (control.type === 'checkbox') {
    return (
      <div className={className}>
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-stone-800">
          <input id={id} {...aria} className="h-4 w-4 accent-green-700" {...control} />
          {label}
        </label>
        {messages}
      </div>
    );
  }
  return labelled(className, <input id={id} {...aria} className={control.type === 'file' ? 'mt-1 block w-full text-sm' : controlClass(error)} {...control} />);
}
