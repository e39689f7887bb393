// "On duty" (decision 062), in People: whether the signed-in person's devices get a push for each
// new request (an urgent request still unread reaches every owner anyway). Everyone sets their own;
// the owner sets anyone's in the list above (People.tsx).
import { useId } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { answer, client } from './api.ts'
import { teamKey, useTeam } from './team.ts'

const ON_DUTY = 'On duty: get a push for each new request'

export function OnDuty() {
  const id = useId()
  const queryClient = useQueryClient()
  const team = useTeam()
  const me = team.data?.team.find((person) => person.id === team.data.me)
  const set = useMutation({
    mutationFn: (onDuty: boolean) => answer(client.me['on-duty'].$put({ json: { onDuty } })),
    onSuccess: (answered) => {
      queryClient.setQueryData(teamKey, (old: typeof team.data) => old && { ...old, team: answered.team })
      void queryClient.invalidateQueries({ queryKey: ['users'] })
    },
  })
  if (!me) return null
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-3">
      <label htmlFor={`${id}-duty`} className="flex items-center gap-3 font-semibold text-slate-900">
        <input
          id={`${id}-duty`}
          type="checkbox"
          className="size-6 shrink-0 accent-brand-700"
          checked={set.isPending ? set.variables : me.onDuty}
          disabled={set.isPending}
          onChange={(event) => set.mutate(event.target.checked)}
        />
        {ON_DUTY}
      </label>
      {set.error && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {set.error.message}
        </p>
      )}
    </div>
  )
}
