// A confirmation before something that cannot be taken back lightly (a request to the trash, a
// person erased): a native modal <dialog> (focus kept inside, Escape cancels, the first focus on
// Cancel, focus goes back to the button that opened it).
import { useEffect, useId, useRef } from 'react'
import { TriangleAlert } from 'lucide-react'
import { BusyButton } from './BusyButton.tsx'
import { button } from './ui.ts'

export function ConfirmDialog({
  open,
  heading,
  text,
  confirm,
  cancel,
  onConfirm,
  onClose,
}: {
  open: boolean
  heading: string
  text: string
  confirm: string
  cancel: string
  /** Resolves true when done (the dialog closes), false to keep it open (the failure's toast says why). */
  onConfirm: () => Promise<boolean>
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-800 shadow-2xl backdrop:bg-brand-950/60"
      // Escape, or the dialog closed any other way.
      onClose={onClose}
    >
      {open && (
        <>
          <div className="flex items-start gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-800">
              <TriangleAlert className="size-5" aria-hidden="true" focusable="false" />
            </span>
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
                {heading}
              </h2>
              <p id={`${id}-text`} className="mt-2 break-words">
                {text}
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
              {cancel}
            </button>
            <BusyButton
              className={button.dangerSolid}
              onClick={async () => {
                if (await onConfirm()) ref.current?.close()
              }}
            >
              {confirm}
            </BusyButton>
          </div>
        </>
      )}
    </dialog>
  )
}
