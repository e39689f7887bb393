// The confirmation before a request goes to the trash (ConfirmDialog: focus goes back to the
// Delete button that opened it).
import { TRASH_DAYS } from '../lead/submission.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { T } from './messages.ts'
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
      heading={T.remove.heading}
      text={item ? T.remove.text(item.name, TRASH_DAYS) : ''}
      confirm={T.remove.confirm}
      cancel={T.remove.cancel}
      onConfirm={() => (item ? onConfirm(item) : Promise.resolve(true))}
      onClose={onClose}
    />
  )
}
