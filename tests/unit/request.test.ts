// Reading a request's JSON body (src/server/request.ts): plain data, never a prototype.
import { describe, expect, it } from 'vitest'
import { parseJson } from '../../src/server/request.ts'

describe('parseJson', () => {
  it('reads plain JSON as it is', () => {
    expect(parseJson('{"name":"Dana","phone":"(410) 555-0199","elapsedMs":9000,"tags":["a",{"b":null}]}')).toEqual({
      name: 'Dana',
      phone: '(410) 555-0199',
      elapsedMs: 9000,
      tags: ['a', { b: null }],
    })
    expect(parseJson('"text"')).toBe('text')
  })

  it('drops the keys that reach a prototype, at any depth, however they are written', () => {
    const escaped = String.raw`{"\u005f\u005fproto\u005f\u005f":{"name":"x"},"a":{"c\u006fnstructor":1,"\u0070rototype":2,"b":3}}`
    for (const text of ['{"__proto__":{"name":"x"},"a":{"constructor":1,"prototype":2,"b":3}}', escaped]) {
      const body = parseJson(text) as Record<string, unknown>
      expect(Object.keys(body)).toEqual(['a'])
      expect(Object.getPrototypeOf(body)).toBe(Object.prototype)
      expect(body.a).toEqual({ b: 3 })
      expect(Object.keys(body.a as object)).toEqual(['b'])
    }
  })

  it('keeps those words where they are values, and escapes that make other words', () => {
    expect(parseJson(String.raw`{"message":"the constructor said __proto__ \u0041"}`)).toEqual({
      message: 'the constructor said __proto__ A',
    })
  })
})
