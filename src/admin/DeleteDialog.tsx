// The confirmation before a request goes to the trash: a native modal <dialog> (focus kept inside,
// Escape cancels, focus goes back to the Delete button that opened it).
import { useEffect, useId, useRef } from 'react'
import { TriangleAlert } from 'lucide-react'
import { TRASH_DAYS } from '../contact/submission.ts'
import { BusyButton } from './BusyButton.tsx'
import { T } from './messages.ts'
import type { Submission } from './types.ts'
import { button } from './ui.ts'

export function DeleteDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: Submission | null
  onConfirm: (item: Submission) => Promise<boolean>
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (item && !dialog.open) dialog.showModal()
    if (!item && dialog.open) dialog.close()
  }, [item])

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-800 shadow-2xl backdrop:bg-brand-950/60"
      // Escape, or the dialog closed any other way.
      onClose={onClose}
    >
      {item && (
        <>
          <div className="flex items-start gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-800">
              <TriangleAlert className="size-5" aria-hidden="true" focusable="false" />
            </span>
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
                {T.remove.heading}
              </h2>
              <p id={`${id}-text`} className="mt-2 break-words">
                {T.remove.text(item.name, TRASH_DAYS)}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              className={button.secondary}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal <dialog>'s first focus, the platform's way to choose it (the safe choice: Cancel).
              autoFocus
              onClick={() => ref.current?.close()}
            >
              {T.remove.cancel}
            </button>
            <BusyButton
              className={button.dangerSolid}
              onClick={async () => {
                if (await onConfirm(item)) ref.current?.close()
              }}
            >
              {T.remove.confirm}
            </BusyButton>
          </div>
        </>
      )}
    </dialog>
  )
}
