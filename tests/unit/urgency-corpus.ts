// Messages as visitors write them (typos, fragments, several sentences), each labelled by what the
// office would do with it on a cold morning: urgent (call now) or not. `must` marks the dangers
// that may never be missed (gas, carbon monoxide, no heat in a cold house). Service and "out right
// now" as the form sends them. Measured against content/urgency.yaml by urgency-corpus.test.ts.
export type Labelled = {
  message: string
  service?: string
  outNow?: 'yes' | 'no'
  urgent: boolean
  must?: 'gas' | 'co' | 'no-heat'
}

export const CORPUS: readonly Labelled[] = [
  // Gas
  { message: 'gas smell near the water heater, is that something you guys check?', urgent: true, must: 'gas' },
  { message: 'We smell gas in the basement by the furnace. Kids are upstairs.', urgent: true, must: 'gas' },
  {
    message: 'Smells like rotten eggs when the furnace kicks on',
    service: 'heating-repair',
    urgent: true,
    must: 'gas',
  },
  { message: 'There is a faint propane odor near the furnace closet since this morning', urgent: true, must: 'gas' },
  {
    message:
      'Hi, I think there might be a gas leak by the meter outside, the gas company said call an HVAC company for the appliance side',
    urgent: true,
    must: 'gas',
  },
  { message: 'Hissing sound from the gas line at the furnace and a smell', urgent: true, must: 'gas' },
  {
    message: 'The furnace is running fine but I keep getting a whiff of gas in the laundry room',
    service: 'other',
    urgent: true,
    must: 'gas',
  },
  { message: 'Want to convert our oil furnace to natural gas. Can you quote?', service: 'installation', urgent: false },
  { message: 'Do you service gas fireplaces or only furnaces?', service: 'other', urgent: false },
  { message: 'How much for a gas line to the new range? Not in a hurry.', service: 'other', urgent: false },
  // Carbon monoxide
  {
    message: 'CO detector went off twice last night, we opened the windows',
    service: 'emergency',
    urgent: true,
    must: 'co',
  },
  { message: 'Our carbon monoxide alarm is beeping and my wife has a headache', urgent: true, must: 'co' },
  {
    message: 'co alarm in the hallway goes off when the boiler runs',
    service: 'heating-repair',
    urgent: true,
    must: 'co',
  },
  { message: 'The CO2 detector by the furnace reads 40 ppm. Is this dangerous?', urgent: true, must: 'co' },
  { message: 'Can you install a CO detector during the fall tune-up?', service: 'maintenance', urgent: false },
  // No heat, the house cold
  { message: 'Heat is out, 58 °F inside, two kids at home', service: 'heating-repair', urgent: true, must: 'no-heat' },
  {
    message: 'Furnace keeps shutting off after a minute. It is 55 degrees in the house.',
    urgent: true,
    must: 'no-heat',
  },
  { message: 'thermostat says 57 and climbing down, furnace clicks but nothing', urgent: true, must: 'no-heat' },
  { message: 'NO HEAT!!! elderly mother lives alone', urgent: true, must: 'no-heat' },
  { message: 'Our furnace won’t turn on. Tried resetting the breaker already.', urgent: true, must: 'no-heat' },
  { message: 'The boiler died overnight and the house is freezing', urgent: true, must: 'no-heat' },
  { message: 'heat pump blowing cold air all morning, 60F in the living room', urgent: true, must: 'no-heat' },
  { message: 'Pilot light went out and won’t relight', service: 'heating-repair', urgent: true, must: 'no-heat' },
  { message: 'Furnace is dead. Baby at home. Please call asap', urgent: true, must: 'no-heat' },
  { message: 'We have no heating since yesterday evening', urgent: true, must: 'no-heat' },
  { message: 'House is down to 52. Furnace runs but no hot air.', urgent: true, must: 'no-heat' },
  { message: 'Tenant reports heat not working in unit 3B', service: 'commercial', urgent: true, must: 'no-heat' },
  { message: 'Our house is cold, the furnace runs and runs, 59 degrees', urgent: true, must: 'no-heat' },
  { message: 'Furnace short cycling, 61 degrees inside this morning', urgent: true, must: 'no-heat' },
  // Water
  { message: 'Water leaking from the ceiling under the attic air handler', urgent: true },
  { message: 'Boiler is leaking water all over the basement floor', urgent: true },
  { message: 'The condensate pump overflowed, puddle of water around the furnace', urgent: true },
  { message: 'Burst pipe near the boiler, water everywhere', urgent: true },
  { message: 'Water heater leaking, can you come today?', urgent: true },
  { message: 'The refrigerant leak came back? AC was recharged in August', service: 'ac-repair', urgent: false },
  { message: 'Our whole-house humidifier is leaking a little onto the duct', urgent: false },
  { message: 'Humidifier pad leaking water, needs replacing at the next visit', service: 'maintenance', urgent: false },
  { message: 'Do you check for duct leaks? Our upstairs is always dusty', service: 'other', urgent: false },
  { message: 'No leaks, no noises, just want the yearly tune-up', service: 'maintenance', urgent: false },
  { message: 'Had an oil leak fixed by another company last year, looking for a new service contract', urgent: false },
  // Burning, smoke
  { message: 'Burning smell from the vents and the breaker tripped', urgent: true },
  { message: 'Saw sparks at the outdoor unit when it started', urgent: true },
  { message: 'Smoke coming out of the furnace cabinet!!', service: 'heating-repair', urgent: true },
  { message: 'A little dusty burning smell the first time we turned on the heat, is that normal?', urgent: false },
  {
    message: 'Smoke detector battery chirping near the furnace room, unrelated but fyi',
    service: 'maintenance',
    urgent: false,
  },
  // The visitor's own answer, the service
  { message: 'Please call me back', outNow: 'yes', urgent: true },
  { message: 'Not sure what is wrong, it just stopped', outNow: 'yes', service: 'heating-repair', urgent: true },
  { message: 'Need someone today', service: 'emergency', urgent: true },
  { message: '', service: 'emergency', urgent: true },
  {
    message: 'Furnace making a loud banging noise when it starts',
    service: 'heating-repair',
    outNow: 'no',
    urgent: false,
  },
  // Cooling
  { message: 'AC died and my father is on oxygen, it is 88 upstairs', urgent: true },
  { message: 'No AC in the server room, it is getting hot', service: 'commercial', urgent: true },
  {
    message: 'Our AC died last summer; want a quote for a new system before spring',
    service: 'installation',
    urgent: false,
  },
  { message: 'AC not cooling the upstairs evenly, can someone look next week', service: 'ac-repair', urgent: false },
  // Ordinary requests
  {
    message: 'Looking for a quote on a new heat pump. 2,400 sq ft house in Bel Air.',
    service: 'installation',
    urgent: false,
  },
  { message: 'Spring tune-up please, any weekday after 3', service: 'maintenance', urgent: false },
  { message: 'Is the maintenance plan monthly or yearly?', service: 'maintenance', urgent: false },
  { message: 'The furnace filter size is 16x25x1, do you bring one?', service: 'maintenance', urgent: false },
  { message: 'Thermostat upgrade to a smart one, Nest or Ecobee', service: 'other', urgent: false },
  {
    message: 'Upstairs bedroom not heating as well as the rest of the house',
    service: 'heating-repair',
    urgent: false,
  },
  { message: 'Furnace is noisy but working. Can you look this week?', service: 'heating-repair', urgent: false },
  {
    message: 'We are buying a house in Fallston and want the HVAC inspected before closing',
    service: 'other',
    urgent: false,
  },
  { message: 'Need a quote for ductless mini splits in the garage', service: 'installation', urgent: false },
  { message: 'Our restaurant needs a maintenance contract for 3 rooftop units', service: 'commercial', urgent: false },
  { message: 'Do you offer financing for a new furnace?', service: 'installation', urgent: false },
  { message: 'Please send an estimate for replacing the air handler, no rush', service: 'installation', urgent: false },
  {
    message: 'Indoor air quality: allergies are bad, interested in a UV light or better filter',
    service: 'other',
    urgent: false,
  },
  { message: 'Geothermal - what does it cost roughly for a farmhouse?', service: 'installation', urgent: false },
  {
    message: 'It is 20 degrees outside tonight, want to make sure the furnace is ready. Tune-up?',
    service: 'maintenance',
    urgent: false,
  },
  { message: 'Heat pump makes a whooshing noise in defrost, normal?', service: 'heating-repair', urgent: false },
  { message: 'Can you clean our ducts? We just renovated.', service: 'other', urgent: false },
  { message: 'Reschedule my appointment from Tuesday to Thursday please', urgent: false },
  { message: 'Thermostat shows 68 but feels colder, maybe calibration?', service: 'heating-repair', urgent: false },
  { message: 'The sunroom is not heating, the rest is fine', service: 'heating-repair', urgent: false },
  {
    message: 'Heat is fine now, the tech fixed it yesterday, thanks! Want to sign up for the plan',
    service: 'maintenance',
    urgent: false,
  },
  { message: 'Question about my invoice from last month', urgent: false },
  { message: 'We need two new systems in a 1960s rancher, gas furnace and AC', service: 'installation', urgent: false },
  { message: 'Filter light blinking on the thermostat', service: 'maintenance', urgent: false },
  { message: 'What brands do you install? Carrier? Trane?', service: 'installation', urgent: false },
  { message: 'Rattling in the ductwork when the blower starts', service: 'heating-repair', urgent: false },
  { message: 'Our office is too warm in the afternoons, the AC runs constantly', service: 'commercial', urgent: false },
  { message: 'Hi! Saw your truck in Aberdeen. Do you do commercial kitchens?', service: 'commercial', urgent: false },
]
