// A device's name in the inbox's list and the request's timeline, from the User-Agent it
// subscribed with: "Chrome on Android", "Safari on iPhone". Good enough to tell two apart; the
// browser's own details are not kept.

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
]

// Order matters: Edge and Samsung's browser also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1]
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown device'
}
