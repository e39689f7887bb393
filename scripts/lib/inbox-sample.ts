// A day's worth of requests as the office really gets them, for measuring and looking at the inbox
// (npm run bench:inbox): 33 requests, most with a short message, some with none, a few long, one
// of 5,000 characters; emergencies in their own words; e-mails for about half.

import { FIRST, LAST } from './seed.ts'

const SERVICES = [
  'heating-repair',
  'ac-repair',
  'maintenance',
  'installation',
  'emergency',
  'commercial',
  'other',
  null,
]

const MESSAGES: (string | null)[] = [
  'Furnace out, two kids, the house is down to 58°F. Please call as soon as you can.',
  'Looking to schedule the fall tune-up for our heat pump.',
  null,
  'AC is making a rattling noise when it starts. Not urgent.',
  'Can you give me an estimate for replacing a 20-year-old oil furnace with a heat pump? The house is a 1960s rancher, about 1,800 square feet, with ductwork in the basement.',
  'Water leaking from the air handler in the attic, dripping through the ceiling.',
  'Thermostat shows blank screen.',
  null,
  'We just bought a house in Bel Air and want the system checked before winter. The inspector said the heat exchanger looked fine but the filter had not been changed in years. Also interested in a maintenance plan if you have one for a two-zone system.',
  'Smell gas near the furnace when it kicks on.',
  'Please call after 5pm.',
  'Quote for a ductless mini split in the garage workshop.',
]

/** A paragraph of the kind a worried customer writes when they tell everything at once. */
function longStory(length: number): string {
  const sentence =
    'The system started short-cycling last week, then the upstairs stayed cold while the downstairs was too warm, and the noise from the return vent got louder every night. '
  return sentence
    .repeat(Math.ceil(length / sentence.length))
    .slice(0, length)
    .trim()
}

export type SampleRequest = { name: string; phone: string; email?: string; service?: string; message?: string }

/** The 33 requests, in the order they are sent (the last one is the newest). */
function sampleRequests(count = 33): SampleRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`
    const service = SERVICES[i % SERVICES.length]
    const message = i === 20 ? longStory(5000) : i === 27 ? longStory(900) : MESSAGES[i % MESSAGES.length]
    return {
      name,
      phone: `(410) 555-${String(100 + i).padStart(4, '0')}`,
      ...(i % 2 === 0 ? { email: `${name.toLowerCase().replace(' ', '.')}@example.com` } : {}),
      ...(service ? { service } : {}),
      ...(message ? { message } : {}),
    }
  })
}

/** Sends the sample through the contact API, each from an address of its own (the server must trust one proxy). */
export async function sendSample(baseUrl: string, requests = sampleRequests()): Promise<void> {
  for (const [i, request] of requests.entries()) {
    const res = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: JSON.stringify({ ...request, page: '/contact', elapsedMs: 9_000 }),
    })
    if (res.status !== 201) throw new Error(`request ${i} answered ${res.status}: ${await res.text()}`)
  }
}
