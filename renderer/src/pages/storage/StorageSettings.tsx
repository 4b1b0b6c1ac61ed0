import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReplicaSettings, ReplicaSettingsSaveArgs } from '#shared/desktop/index.js';
import { CoreCallError, send } from '../../bridge/bridge.js';
import { replicaQueries } from '../../queries/keys.js';
import {
  argsOf,
  draftOf,
  problemsOf,
  type FieldProblems,
  type SettingsDraft,
  type SettingsField,
} from './settings-form.js';

/**
 * When an unopened project is released, and how much all kept production may take. Saved
 * together; the core may release projects at once (it applies the new idle days).
 */
export function StorageSettings({ settings }: { settings: ReplicaSettings }) {
  const client = useQueryClient();
  const ids = { days: useId(), budget: useId(), daysProblem: useId(), budgetProblem: useId() };
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [local, setLocal] = useState<FieldProblems>({});
  const shown = draft ?? draftOf(settings);
  const save = useMutation({
    mutationFn: (args: ReplicaSettingsSaveArgs) => send('replica-settings-save', args),
    onSuccess: (saved) => {
      setDraft(null);
      client.setQueryData(
        replicaQueries.list().queryKey,
        (list) => list && { ...list, settings: saved },
      );
      // Fewer idle days may have released projects just now.
      void client.invalidateQueries({ queryKey: replicaQueries.list().queryKey });
    },
  });
  const refused = save.error
    ? problemsOf(
        save.error instanceof CoreCallError
          ? save.error.error
          : { type: 'internal', message: save.error.message },
      )
    : { fields: {}, other: null };
  const problem = (field: SettingsField) => local[field] ?? refused.fields[field];
  const edit = (change: Partial<SettingsDraft>) => {
    setDraft({ ...shown, ...change });
    setLocal({});
    save.reset();
  };

  return (
    <form
      className="storage-settings"
      aria-label="Storage settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = argsOf(shown);
        if (!checked.ok) {
          setLocal(checked.problems);
          return;
        }
        save.mutate(checked.args);
      }}
    >
      <h2>Settings</h2>
      <div className="storage-field">
        <label htmlFor={ids.days}>Release projects not opened for</label>
        <input
          id={ids.days}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={shown.releaseAfterDays}
          aria-invalid={problem('releaseAfterDays') !== undefined}
          aria-describedby={ids.daysProblem}
          onChange={(event) => edit({ releaseAfterDays: event.target.value })}
        />
        <span>days</span>
        <span id={ids.daysProblem} className="replica-problem">
          {problem('releaseAfterDays')}
        </span>
      </div>
      <p className="storage-hint muted">
        Never a project marked “Keep on this computer”, nor one with edits not yet sent.
      </p>
      <div className="storage-field">
        <label htmlFor={ids.budget}>Storage budget</label>
        <input
          id={ids.budget}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={shown.budgetGb}
          aria-invalid={problem('budgetBytes') !== undefined}
          aria-describedby={ids.budgetProblem}
          onChange={(event) => edit({ budgetGb: event.target.value })}
        />
        <span>GB</span>
        <span id={ids.budgetProblem} className="replica-problem">
          {problem('budgetBytes')}
        </span>
      </div>
      <p className="storage-hint muted">
        A project over the budget keeps its newest days; the older ones are left out.
      </p>
      {refused.other && (
        <p className="replica-problem" role="alert">
          {refused.other}
        </p>
      )}
      <div className="storage-actions">
        <button type="submit" className="well-button primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
        <span role="status" className="muted">
          {save.isSuccess ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
