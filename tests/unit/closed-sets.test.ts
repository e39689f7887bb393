// Closed sets are types (the alert channels and events, the timeline's kinds): each table that
// words them is keyed by the whole union, so a new member does not compile until it has its words.
// The type checker checks the expectTypeOf lines (`npm run typecheck`); the tests check the same
// at run time.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { ACTIVITY_KINDS, type ActivityKind } from '../../src/lead/activity.ts'
import {
  ALERT_CHANNELS,
  ALERT_EVENTS,
  CUSTOMER_EVENTS,
  OFFICE_EVENTS,
  type AlertChannel,
  type OfficeEvent,
} from '../../src/lead/alerts.ts'
import { ACTIVITY_TEXT, T } from '../../src/admin/messages.ts'
import { WEBHOOK_TYPES } from '../../src/server/alerts/webhook.ts'

const sorted = (keys: readonly string[]) => [...keys].sort()

describe('every alert channel', () => {
  it('has its name and what to do about it in the inbox banner', () => {
    expectTypeOf<keyof typeof T.alerts.channel>().toEqualTypeOf<AlertChannel>()
    expectTypeOf<keyof typeof T.alerts.todo>().toEqualTypeOf<AlertChannel>()
    expect(sorted(Object.keys(T.alerts.channel))).toEqual(sorted(ALERT_CHANNELS))
    expect(sorted(Object.keys(T.alerts.todo))).toEqual(sorted(ALERT_CHANNELS))
  })
})

describe('every alert event', () => {
  it("is the office's or the customer's, never both", () => {
    expect(sorted(ALERT_EVENTS)).toEqual(sorted([...OFFICE_EVENTS, ...CUSTOMER_EVENTS]))
    expect(OFFICE_EVENTS.filter((e) => (CUSTOMER_EVENTS as readonly string[]).includes(e))).toEqual([])
  })
})

describe("every office's alert event", () => {
  it('has its webhook event type', () => {
    expectTypeOf<keyof typeof WEBHOOK_TYPES>().toEqualTypeOf<OfficeEvent>()
    expect(sorted(Object.keys(WEBHOOK_TYPES))).toEqual(sorted(OFFICE_EVENTS))
  })
})

describe('every kind of timeline entry', () => {
  it('has its words', () => {
    expectTypeOf<keyof typeof ACTIVITY_TEXT>().toEqualTypeOf<ActivityKind>()
    expect(sorted(Object.keys(ACTIVITY_TEXT))).toEqual(sorted(ACTIVITY_KINDS))
  })
})
