/** The head of an edit dialog's form: its failure, the line over a restored draft, and the edit-conflict panel. */
import type { ReactNode } from 'react';
import { ErrorBanner } from '../admin/admin-ui';
import { draftRestoredMessage } from './use-form-draft';

export function FormNotices({ banner, restored, conflict, restoredClassName = '' }: { banner: string | null; restored: boolean; conflict: ReactNode; restoredClassName?: string }) {
  return (
    <>
      <ErrorBanner message={banner} />
      {restored && <p className={`rounded-lg bg-amber-50 p-3 text-sm text-amber-900${restoredClassName ? ` ${restoredClassName}` : ''}`}>{draftRestoredMessage}</p>}
      {conflict}
    </>
  );
}
