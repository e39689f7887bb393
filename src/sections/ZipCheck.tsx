// The ZIP code checker of /service-areas: a visitor types a ZIP code and reads at once whether the
// business serves it. The table of the area's ZIP codes travels in the page (data-zip-places);
// src/client/zip-check.ts answers. It is in the page from the first paint (shown by the script,
// it moved the page under it: a layout shift); without script, checking reloads the page and the
// lists below it answer, more slowly.
import type { ServiceAreasPage } from '../catalogue/types.gen.ts'
import type { ZipPlaces } from '../lead/service-area.ts'
import { SectionHeading } from './SectionHeading.tsx'

export function ZipCheck({
  id,
  check,
  places,
}: {
  id: string
  check: NonNullable<ServiceAreasPage['zipCheck']>
  places: ZipPlaces
}) {
  return (
    <section className="border-b border-paper-edge bg-paper" aria-labelledby={id} data-zip-check="">
      <div className="container-page py-section">
        <SectionHeading id={id} heading={check.heading} intro={check.intro} />
        <form
          className="mx-auto flex max-w-md items-end gap-2"
          data-zip-places={JSON.stringify(places)}
          data-in-area={check.inArea}
          data-outside-area={check.outsideArea}
          data-invalid={check.invalid}
        >
          <label className="flex-1">
            <span className="mb-1 block font-semibold text-brand-900">{check.label}</span>
            <input
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              className="min-h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-lg"
            />
          </label>
          <button
            type="submit"
            className="min-h-12 rounded-lg bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
          >
            {check.button}
          </button>
        </form>
        <p className="mx-auto mt-3 max-w-md font-semibold text-brand-900" role="status" data-zip-answer="" />
      </div>
    </section>
  )
}
