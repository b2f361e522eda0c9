export { Field, controlClass, describedBy, type FieldProps } from './field';
export { failureMessage, isStale, type FailureStyle } from './failure-message';
export { errorAt, firstErrorUnder, setServerErrors, useZodForm, zodFormResolver, type ZodFormOptions } from './use-zod-form';
export { useUnsavedChanges } from './use-unsaved-changes';
