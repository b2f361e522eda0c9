/**
 * A list row's actions: edit, any extra buttons, then delete, each named after the row
 * ("Ubah Keripik", "Hapus Keripik") so a screen reader and a test can tell one row's buttons from another's.
 */
import type { ReactNode } from 'react';
import { failureMessage, type FailureStyle } from '../form/failure-message';
import { buttonStyles, confirmAction, ErrorBanner, SuccessBanner } from './admin-ui';

export function RowActions({ name, onEdit, onDelete, deleteDisabled = false, editText = 'Ubah', className = 'flex gap-2', children }: {
  /** The row's name as the person reads it, used in each button's label. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
  editText?: 'Ubah' | 'Edit';
  /** The wrapper's layout in the row (margins, alignment). */
  className?: string;
  /** Buttons between edit and delete ("Ganti kata sandi"). */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <button type="button" className={buttonStyles.small} onClick={onEdit} aria-label={`${editText} ${name}`}>
        {editText}
      </button>
      {children}
      <button type="button" className={buttonStyles.danger} onClick={onDelete} disabled={deleteDisabled} aria-label={`Hapus ${name}`}>
        Hapus
      </button>
    </div>
  );
}

/** Where a list page says how an action went: its red banner and its green notice. */
export interface PageMessages {
  setBanner: (message: string | null) => void;
  setNotice: (message: string | null) => void;
}

/**
 * A back-office page's two banners. The red one shows the last failed action, closable, or else, while
 * a list cannot be loaded, `loadFailed`, which stays until the list loads; the green one shows
 * the last action that went through.
 */
export function ListBanners({ banner, notice, loadFailed = null, page }: { banner: string | null; notice: string | null; loadFailed?: string | null; page: PageMessages }) {
  return (
    <>
      <ErrorBanner message={banner ?? loadFailed} onClose={banner ? () => page.setBanner(null) : undefined} />
      <SuccessBanner message={notice} onClose={() => page.setNotice(null)} />
    </>
  );
}

/**
 * A row's "Hapus": asks `question` first, clears the page's banners, then shows the server's message
 * (else `words.deleted`) or the failure (`words.failed`, worded by failureMessage). True once deleted.
 */
export async function deleteRow(page: PageMessages, question: string, remove: () => Promise<{ message?: string }>, words: { deleted: string | null; failed: string; style?: FailureStyle }): Promise<boolean> {
  if (!confirmAction(question)) return false;
  page.setBanner(null);
  page.setNotice(null);
  try {
    const result = await remove();
    page.setNotice(result.message ?? words.deleted);
    return true;
  } catch (error) {
    page.setBanner(failureMessage(error, words.failed, words.style));
    return false;
  }
}
