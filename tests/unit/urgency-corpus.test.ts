// The urgency rules of content/urgency.yaml (the real ones) on a corpus of labelled messages
// (urgency-corpus.ts): precision and recall printed, no gas, carbon monoxide or no-heat message
// missed, and under 10 % of the urgent badges false alarms.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { urgencyOf, type Urgency } from '../../src/lead/urgency.ts'
import { CORPUS } from './urgency-corpus.ts'

const RULES = parse(readFileSync(new URL('../../content/urgency.yaml', import.meta.url), 'utf8')) as Urgency

const judged = CORPUS.map((item) => ({ ...item, said: urgencyOf(item, RULES) }))
const truePositives = judged.filter((j) => j.urgent && j.said !== null)
const falseAlarms = judged.filter((j) => !j.urgent && j.said !== null)
const missed = judged.filter((j) => j.urgent && j.said === null)

describe('urgency on the labelled corpus', () => {
  it('has at least 60 messages, both kinds well represented', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60)
    expect(CORPUS.filter((c) => c.urgent).length).toBeGreaterThanOrEqual(20)
    expect(CORPUS.filter((c) => !c.urgent).length).toBeGreaterThanOrEqual(20)
  })

  it('misses no gas, carbon monoxide or no-heat message', () => {
    expect(judged.filter((j) => j.must && j.said === null).map((j) => j.message)).toEqual([])
  })

  it('raises under 10 % false alarms, and prints precision and recall', () => {
    const precision = truePositives.length / (truePositives.length + falseAlarms.length)
    const recall = truePositives.length / (truePositives.length + missed.length)
    console.log(
      `urgency corpus: ${CORPUS.length} messages, precision ${(precision * 100).toFixed(1)} %, recall ${(recall * 100).toFixed(1)} %` +
        `\n  false alarms: ${JSON.stringify(falseAlarms.map((j) => [j.message, j.said]))}\n  missed: ${JSON.stringify(missed.map((j) => j.message))}`,
    )
    expect(falseAlarms.length / (truePositives.length + falseAlarms.length)).toBeLessThan(0.1)
  })

  it('says why on every badge: the danger in the message before the service chosen', () => {
    for (const j of judged.filter((x) => x.must))
      expect(String(j.said)).toMatch(/^(Gas smell|Carbon monoxide|No heat): “.+”$/)
  })
})
