// The ZIP code checker of /service-areas (src/sections/ZipCheck.tsx): answers a ZIP code from
// the table in the page.
import { placeOfZip, type ZipPlaces } from '../lead/service-area.ts'

const section = document.querySelector<HTMLElement>('[data-zip-check]')
const form = section?.querySelector('form')
const answer = section?.querySelector<HTMLElement>('[data-zip-answer]')
if (section && form && answer) {
  const { zipPlaces, inArea = '', outsideArea = '', invalid = '' } = form.dataset
  const places = JSON.parse(zipPlaces ?? '{}') as ZipPlaces
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const zip = (form.elements.namedItem('zip') as HTMLInputElement | null)?.value.trim() ?? ''
    const place = placeOfZip(places, zip)
    answer.textContent = !/^\d{5}$/.test(zip)
      ? invalid
      : (place ? inArea.replace('[place]', place) : outsideArea).replace('[zip]', zip)
  })
}
