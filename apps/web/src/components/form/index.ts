export { Field, controlClass, describedBy, type FieldProps } from './field';
export { failureMessage, isStale, type FailureStyle } from './failure-message';
export { errorAt, firstErrorUnder, setServerErrors, useZodForm, zodFormResolver, type ZodFormOptions } from './use-zod-form';
export { useUnsavedChanges } from './use-unsaved-changes';
export { conflictMessages, useEditConflict, type EditConflict, type LatestVersion } from './edit-conflict';
export { formDifferences, showValue, type FieldDifference } from './form-diff';
export { draftKey, draftRestoredMessage, peekDraft, takeDraft, useFormDraft, useReopenDraft, useRestoredDraft, type FormDraft } from './use-form-draft';
export { FormNotices } from './form-notices';
