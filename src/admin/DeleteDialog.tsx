// The confirmation before a request goes to the trash (ConfirmDialog: focus goes back to the
// Delete button that opened it).
import { TRASH_DAYS } from '../lead/submission.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { V } from './messages-views.ts'
import type { Submission } from './types.ts'

export function DeleteDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: Submission | null
  onConfirm: (item: Submission) => Promise<boolean>
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      heading={V.remove.heading}
      text={item ? V.remove.text(item.name, TRASH_DAYS) : ''}
      confirm={V.remove.confirm}
      cancel={V.remove.cancel}
      onConfirm={() => (item ? onConfirm(item) : Promise.resolve(true))}
      onClose={onClose}
    />
  )
}
