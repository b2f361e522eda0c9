/**
 * A list row's actions: edit, any extra buttons, then delete, each named after the row
 * ("Ubah Keripik", "Hapus Keripik") so a screen reader and a test can tell one row's buttons from another's.
 */
import type { ReactNode } from 'react';
import { buttonStyles } from './admin-ui';

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
