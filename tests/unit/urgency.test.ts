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
    expect(urgencyOf({ service: 'emergency', outNow: 'yes' }, RULES)).toBe('Out right now')
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

  it('counts a phrase only in context: not in a sentence with an unless word, not after a negation', () => {
    const rules: Urgency = {
      services: [],
      outNow: 'Out right now',
      signs: [
        {
          label: 'Water leak',
          phrases: ['water everywhere'],
          near: { words: ['leak', 'leaking'], with: ['water', 'ceiling'], within: 3 },
          unless: ['refrigerant', 'humidifier'],
        },
        { label: 'No heat', phrases: ['no heat'], colderThan: 62 },
      ],
    }
    expect(urgencyOf({ message: 'The refrigerant leak came back? Water is fine.' }, rules)).toBeNull()
    expect(urgencyOf({ message: 'Humidifier leaking water onto the duct' }, rules)).toBeNull()
    expect(urgencyOf({ message: 'Humidifier is new. Ceiling is leaking under the air handler!' }, rules)).toBe(
      'Water leak: “ceiling is leaking”',
    )
    expect(urgencyOf({ message: 'Water is leaking, a leak far away from anything' }, rules)).toBe(
      'Water leak: “water is leaking”',
    )
    expect(urgencyOf({ message: 'No water everywhere, all dry' }, rules)).toBeNull()
    expect(urgencyOf({ message: 'Furnace runs. It is 58 °F inside, kids at home' }, rules)).toBe('No heat: “58 °F”')
    expect(urgencyOf({ message: 'Furnace tune-up; it is 20 degrees outside' }, rules)).toBeNull()
    expect(urgencyOf({ message: 'Thermostat shows 68' }, rules)).toBeNull()
  })

  it('names the danger in the message before an emergency service chosen', () => {
    expect(urgencyOf({ service: 'emergency', message: 'CO detector went off, I smell gas' }, RULES)).toBe(
      'Gas smell: “smell gas”',
    )
  })
})
