// The overall cap on password checks and the owner's device cookie (issue 20, finding 8; decision 040).
import { describe, expect, it } from 'vitest'
import { checkCap, deviceToken, isKnownDevice } from '../../src/server/auth/device.ts'

describe('the cap on password checks', () => {
  it('lets 4 through at once, then 4 a second', () => {
    let now = 0
    const cap = checkCap(4, () => now)
    expect(Array.from({ length: 6 }, () => cap.take())).toEqual([true, true, true, true, false, false])
    now += 250
    expect([cap.take(), cap.take()]).toEqual([true, false])
    now += 10_000
    expect(Array.from({ length: 5 }, () => cap.take()).filter(Boolean)).toHaveLength(4)
  })
})

describe('the device cookie', () => {
  it('is known only with the password hash it was made for', () => {
    const token = deviceToken('$argon2id$hash-one')
    expect(isKnownDevice('$argon2id$hash-one', token)).toBe(true)
    expect(isKnownDevice('$argon2id$hash-two', token)).toBe(false)
    expect(isKnownDevice('$argon2id$hash-one', `${token.slice(0, -2)}AA`)).toBe(false)
    expect(isKnownDevice('$argon2id$hash-one', undefined)).toBe(false)
    expect(isKnownDevice('$argon2id$hash-one', 'x.y')).toBe(false)
  })
})
