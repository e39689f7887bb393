// Whom a request is assigned to (decision 062), under its card's "More": anyone on the team (the
// accounts not disabled, GET /team), or no one. The change shows once the server has it; a refusal
// (an account disabled meanwhile) is said under the choice. Loaded with "More", not with the inbox.
import { useId } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { answer, client } from './api.ts'
import { putAnswer } from './mutations.ts'
import { useTeam } from './team.ts'
import type { Submission } from './types.ts'
import { control, label } from './ui.ts'

const W = { assignedTo: 'Assigned to', noOne: 'No one', loading: 'Loading…' }

export function CardAssign({ item }: { item: Submission }) {
  const id = useId()
  const queryClient = useQueryClient()
  const team = useTeam()
  const assign = useMutation({
    mutationFn: (to: number | null) =>
      answer(
        client.submissions[':id'].assignee.$patch({
          param: { id: encodeURIComponent(item.id) },
          json: { assigned_to: to },
        }),
      ),
    onSuccess: (changed) => putAnswer(queryClient, changed, false),
  })
  const chosen = assign.isPending ? assign.variables : item.assigned_to
  const problem = assign.error?.message ?? team.error?.message
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-assign`} className={label}>
        {W.assignedTo}
      </label>
      <select
        id={`${id}-assign`}
        className={`${control} mt-1`}
        value={chosen ?? ''}
        disabled={!team.data || assign.isPending}
        aria-invalid={assign.error ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => assign.mutate(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{team.data ? W.noOne : W.loading}</option>
        {team.data?.team.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
        {/* Assigned to someone no longer on the team (disabled): still said. */}
        {item.assigned_to !== null && team.data && !team.data.team.some((p) => p.id === item.assigned_to) && (
          <option value={item.assigned_to}>{item.assignee ?? item.assigned_to}</option>
        )}
      </select>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
    </div>
  )
}
