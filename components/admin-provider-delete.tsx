// Deletes a provider after a confirmation; refused (with the reason) while agents use it.
'use client';

import { deleteProviderAction } from '@/lib/actions/admin';
import { AdminConfirmDelete } from './admin-confirm-delete';

export function AdminProviderDelete({ id, name }: { id: string; name: string }) {
  return (
    <AdminConfirmDelete
      action={deleteProviderAction}
      fields={{ id }}
      label={name}
      errorTestId="provider-delete-error"
    />
  );
}
