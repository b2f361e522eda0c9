/**
 * The one way to ask before something cannot be undone: a delete (the spec gives the wording for
 * businesses, couriers, users and prices), cancelling an order, throwing away unsaved changes.
 * The browser's own dialog: it blocks, it is keyboard and screen-reader friendly everywhere, and it
 * works the same inside a modal `<dialog>`. Storefront and back office both use it, so it lives
 * outside admin-ui.
 */
export function confirmAction(message: string): boolean {
  return typeof window !== 'undefined' && window.confirm(message);
}

/** Issue 17: asked when a dialog with edits is closed (×, Escape, backdrop). Not in the spec. */
export const discardChangesMessage = 'Perubahan belum disimpan. Tutup dan buang perubahan?';
/** Issue 17: asked when a screen with unsaved edits is left. Not in the spec. */
export const leaveWithChangesMessage = 'Perubahan belum disimpan. Tinggalkan halaman ini?';
