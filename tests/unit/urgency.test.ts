// Urgency by the rules of content/urgency.yaml (an inline set here, so editing the content does not move these tests).
import { describe, expect, it } from 'vitest'
import { urgencyOf, type Urgency } from '../../src/lead/urgency.ts'

const RULES: Urgency = {
  services: ['emergency'],
  outNow: 'Out right now',
  signs: [
    { label: 'No heat', phrases: ['no heat', 'furnace out', "furnace won't start"] },
    { label: 'Water leak', phrases: ['leak', 'leaking'] },
    { label: 'Gas smell', phrases: ['smell gas'] },
  ],
}

describe('urgency', () => {
  it('is the emergency service whatever the message says', () => {
    expect(urgencyOf({ service: 'emergency', message: 'Just a question' }, RULES)).toBe('Emergency Service')
  })

  it('is "out right now" when the visitor says the heating or cooling is out, and not when they say no', () => {
    expect(urgencyOf({ outNow: 'yes', message: 'Please call' }, RULES)).toBe('Out right now')
    expect(urgencyOf({ outNow: 'no', message: 'Please call' }, RULES)).toBeNull()
    expect(urgencyOf({ outNow: 'no', message: 'no heat since noon' }, RULES)).toBe('No heat: “no heat”')
    expect(urgencyOf({ service: 'emergency', outNow: 'yes' }, RULES)).toBe('Emergency Service')
  })

  it("finds a sign's phrase in the message, ignoring case, punctuation and curly apostrophes", () => {
    expect(
      urgencyOf({ service: 'heating-repair', message: 'Furnace out, two kids, the house is down to 58°F' }, RULES),
    ).toBe('No heat: “furnace out”')
    expect(urgencyOf({ message: 'NO HEAT!!!' }, RULES)).toBe('No heat: “no heat”')
    expect(urgencyOf({ message: 'The furnace won’t start since last night' }, RULES)).toBe(
      "No heat: “furnace won't start”",
    )
    expect(urgencyOf({ message: 'I think I smell gas near the water heater.' }, RULES)).toBe('Gas smell: “smell gas”')
  })

  it('matches whole words only: "leak" is not in "bleak", "no heat" not in "no heater"', () => {
    expect(urgencyOf({ message: 'A bleak winter, the no heater club' }, RULES)).toBeNull()
    expect(urgencyOf({ message: 'Water leaking under the unit' }, RULES)).toBe('Water leak: “leaking”')
  })

  it('is not urgent without a sign or an emergency service', () => {
    expect(urgencyOf({ service: 'maintenance', message: 'Spring tune-up please' }, RULES)).toBeNull()
    expect(urgencyOf({ service: null, message: null }, RULES)).toBeNull()
  })
})
