// The site editor's form (issue 23, decision 060): made from a record's JSON Schema (the server
// sends it with every $ref written out). Strings are text fields (a <select> for an enum, a
// text area for long text), numbers and booleans their own controls, objects fieldsets, arrays
// lists whose items can be added, removed and moved. Titles, descriptions and examples are the
// help under each field; each problem the server found shows at its field, in its words. A field's
// path is written as content:check writes it (`phone.display`, `hours[0].opens`), so a problem is
// matched to its field by that name. Everything is shown as text (React escapes it).
import { useId, type ReactNode } from 'react'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { btn, control, fieldProblem, label } from '../ui.ts'

export type Schema = {
  type?: string | string[]
  title?: string
  description?: string
  examples?: unknown[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  allOf?: Schema[]
  minItems?: number
  maxItems?: number
  maxLength?: number
  minimum?: number
  maximum?: number
}

type Value = unknown
type Obj = Record<string, unknown>
/** A value as the text of a field (a number or a word; anything else, nothing). */
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : ''
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

const W = {
  example: 'For example:',
  add: (what: string) => `Add ${what}`,
  addField: (what: string) => `Add “${what}”`,
  remove: 'Remove',
  removeField: (what: string) => `Leave out “${what}”`,
  up: 'Move up',
  down: 'Move down',
  item: (n: number) => `No. ${n}`,
}

/** An allOf's members as one schema: their properties and required fields together. */
function flatten(schema: Schema): Schema {
  if (!schema.allOf) return schema
  const parts = schema.allOf.map(flatten)
  const { allOf: _all, ...rest } = schema
  return parts.reduce<Schema>(
    (into, part) => ({
      ...part,
      ...into,
      properties: { ...part.properties, ...into.properties },
      required: [...(part.required ?? []), ...(into.required ?? [])],
    }),
    rest,
  )
}

const typeOf = (schema: Schema, value: Value): string => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return isObj(value) ? 'object' : (types.find((t) => t !== 'object') ?? 'string')
  if (types[0]) return types[0]
  if (schema.properties) return 'object'
  if (schema.items) return 'array'
  return 'string'
}

/** A new value for `schema`: what its required fields need to be filled in. */
function blank(schema: Schema): Value {
  const s = flatten(schema)
  if (s.const !== undefined) return s.const
  if (s.enum) return s.enum[0]
  switch (typeOf(s, undefined)) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((key) => [key, blank(s.properties?.[key] ?? {})]))
    case 'array':
      return []
    case 'boolean':
      return false
    case 'number':
    case 'integer':
      return s.minimum ?? 0
    default:
      return ''
  }
}

/** "postalCode" → "Postal code", "e164" → "E164". */
const words = (key: string) => {
  const spaced = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

const childPath = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key

/** Every field's path the form shows for `value`: a problem at another path is shown above the form. */
export function fieldPaths(schema: Schema, value: Value, path = '', into = new Set<string>()): Set<string> {
  const s = flatten(schema)
  into.add(path)
  const type = typeOf(s, value)
  if (type === 'object' && isObj(value))
    for (const [key, sub] of Object.entries(s.properties ?? {})) fieldPaths(sub, value[key], childPath(path, key), into)
  if (type === 'array' && Array.isArray(value) && s.items)
    value.forEach((item, i) => fieldPaths(s.items!, item, childPath(path, i), into))
  return into
}

export type FieldProps = {
  schema: Schema
  value: Value
  path: string
  name: string
  required: boolean
  problems: Map<string, string[]>
  onChange: (value: Value) => void
}

const idOf = (prefix: string, path: string) => `${prefix}-${path.replace(/[^A-Za-z0-9]/g, '_') || 'root'}`

/** The help under a field: its description and an example. */
function Help({ id, schema }: { id: string; schema: Schema }) {
  const example = schema.examples?.find((e) => typeof e === 'string' || typeof e === 'number')
  if (!schema.description && example === undefined) return null
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {schema.description}
      {example !== undefined && (
        <>
          {schema.description ? ' ' : ''}
          {W.example} <span className="font-mono text-slate-800">{String(example)}</span>
        </>
      )}
    </p>
  )
}

function Problems({ id, list }: { id: string; list: string[] | undefined }) {
  if (!list?.length) return null
  return (
    <p id={id} className={fieldProblem} data-problem="">
      {list.join(' ')}
    </p>
  )
}

function Field(props: FieldProps & { prefix: string }): ReactNode {
  const { value, path, name, problems, onChange, prefix } = props
  const schema = flatten(props.schema)
  const id = idOf(prefix, path)
  const mine = problems.get(path)
  const describedBy = [mine?.length ? `${id}-problem` : '', `${id}-help`].filter(Boolean).join(' ')
  const type = typeOf(schema, value)

  if (schema.const !== undefined)
    return (
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{name}:</span> {asText(schema.const)}
      </p>
    )

  if (type === 'object') {
    const obj = isObj(value) ? value : {}
    return (
      <fieldset className="min-w-0 rounded-lg border border-slate-300 p-2.5 sm:p-3" data-field={path}>
        {name && <legend className="px-1 font-bold text-brand-900">{name}</legend>}
        <Help id={`${id}-help`} schema={schema} />
        <Problems id={`${id}-problem`} list={mine} />
        <div className="mt-2 grid gap-3">
          {Object.entries(schema.properties ?? {}).map(([key, sub]) => {
            const required = schema.required?.includes(key) ?? false
            const at = childPath(path, key)
            const set = (next: Value) => {
              const copy = { ...obj }
              if (next === undefined) delete copy[key]
              else copy[key] = next
              onChange(copy)
            }
            const flat = flatten(sub)
            const subType = typeOf(flat, obj[key])
            // An optional group or list left out: a button brings it in.
            if (!(key in obj) && !required && (subType === 'object' || subType === 'array'))
              return (
                <div key={key}>
                  <button type="button" className={btn('outline', 'sm')} onClick={() => set(blank(sub))}>
                    <Plus className="size-4" aria-hidden="true" focusable="false" />
                    {W.addField(words(key))}
                  </button>
                  <Problems id={`${idOf(prefix, at)}-problem`} list={problems.get(at)} />
                </div>
              )
            return (
              <div key={key} className="min-w-0">
                <Field
                  prefix={prefix}
                  schema={sub}
                  value={obj[key]}
                  path={at}
                  name={words(key)}
                  required={required}
                  problems={problems}
                  onChange={set}
                />
                {!required && (subType === 'object' || subType === 'array') && (
                  <button type="button" className={`${btn('quiet', 'sm')} mt-1`} onClick={() => set(undefined)}>
                    {W.removeField(words(key))}
                  </button>
                )}
              </div>
            )
          })}
        </div>
      </fieldset>
    )
  }

  if (type === 'array') {
    const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : []
    const items = schema.items ?? {}
    const move = (from: number, to: number) => {
      const copy = [...list]
      const [moved] = copy.splice(from, 1)
      copy.splice(to, 0, moved)
      onChange(copy)
    }
    const full = schema.maxItems !== undefined && list.length >= schema.maxItems
    return (
      <fieldset className="min-w-0 rounded-lg border border-slate-300 p-2.5 sm:p-3" data-field={path}>
        <legend className="px-1 font-bold text-brand-900">{name}</legend>
        <Help id={`${id}-help`} schema={schema} />
        <Problems id={`${id}-problem`} list={mine} />
        <ol className="mt-2 grid gap-3">
          {list.map((item, i) => (
            <li key={i} className="min-w-0 rounded-md bg-slate-50 p-2">
              <Field
                prefix={prefix}
                schema={items}
                value={item}
                path={childPath(path, i)}
                name={`${name} ${W.item(i + 1)}`}
                required
                problems={problems}
                onChange={(next) => onChange(list.map((old, j) => (j === i ? next : old)))}
              />
              <div className="mt-1.5 flex flex-wrap gap-1.5">
                <button
                  type="button"
                  className={btn('outline', 'sm')}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`${W.up}: ${name} ${W.item(i + 1)}`}
                >
                  <ArrowUp className="size-4" aria-hidden="true" focusable="false" />
                  {W.up}
                </button>
                <button
                  type="button"
                  className={btn('outline', 'sm')}
                  disabled={i === list.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`${W.down}: ${name} ${W.item(i + 1)}`}
                >
                  <ArrowDown className="size-4" aria-hidden="true" focusable="false" />
                  {W.down}
                </button>
                <button
                  type="button"
                  className={btn('danger', 'sm')}
                  onClick={() => onChange(list.filter((_, j) => j !== i))}
                  aria-label={`${W.remove}: ${name} ${W.item(i + 1)}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" focusable="false" />
                  {W.remove}
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={`${btn('secondary', 'sm')} mt-2`}
          disabled={full}
          onClick={() => onChange([...list, blank(items)])}
        >
          <Plus className="size-4" aria-hidden="true" focusable="false" />
          {W.add(name.toLowerCase())}
        </button>
      </fieldset>
    )
  }

  const invalid = mine?.length ? true : undefined
  if (type === 'boolean')
    return (
      <div data-field={path}>
        <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
          <input
            type="checkbox"
            className="size-5"
            checked={value === true}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.checked)}
          />
          {name}
        </label>
        <Help id={`${id}-help`} schema={schema} />
        <Problems id={`${id}-problem`} list={mine} />
      </div>
    )

  const common = {
    id,
    className: `${control} mt-1`,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    required: props.required,
  }
  let input: ReactNode
  if (schema.enum)
    input = (
      <select {...common} value={asText(value)} onChange={(event) => onChange(event.target.value)}>
        {!props.required && <option value="">—</option>}
        {schema.enum.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    )
  else if (type === 'number' || type === 'integer')
    input = (
      <input
        {...common}
        type="text"
        inputMode={type === 'integer' ? 'numeric' : 'decimal'}
        value={asText(value)}
        onChange={(event) => {
          const text = event.target.value.trim()
          if (text === '' && !props.required) return onChange(undefined)
          const number = Number(text)
          onChange(text !== '' && Number.isFinite(number) ? number : text)
        }}
      />
    )
  else {
    const text = asText(value)
    const set = (next: string) => onChange(next === '' && !props.required ? undefined : next)
    input =
      (schema.maxLength ?? 0) > 160 || text.length > 80 ? (
        <textarea
          {...common}
          rows={Math.min(8, Math.max(3, Math.ceil(text.length / 40)))}
          value={text}
          onChange={(e) => set(e.target.value)}
        />
      ) : (
        <input {...common} type="text" value={text} onChange={(e) => set(e.target.value)} />
      )
  }
  return (
    <div data-field={path}>
      <label htmlFor={id} className={label}>
        {name}
      </label>
      {input}
      <Help id={`${id}-help`} schema={schema} />
      <Problems id={`${id}-problem`} list={mine} />
    </div>
  )
}

/** The whole record's form. */
export function SchemaForm(props: Omit<FieldProps, 'path' | 'name' | 'required'>) {
  const prefix = useId().replace(/:/g, '')
  return <Field {...props} prefix={`f${prefix}`} path="" name="" required />
}
