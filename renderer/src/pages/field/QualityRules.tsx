import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { qualitySettingsSaveArgsSchema, type QualitySettings } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { qualityQueries } from '../../queries/keys.js';

/** The form's names for the settings, in the words its error lines use. */
const LABELS = { minGapDays: 'Shortest gap reported', flatLineDays: 'Shortest flat line' } as const;
type Field = keyof typeof LABELS;

/**
 * The project's rules, tuned and saved on this computer: the shortest run of missing
 * days reported as a gap, and of equal rates as a flat line. Saving scans again with
 * them (every later scan uses them too).
 */
export function QualityRules({ projectId }: { projectId: string }) {
  const settings = useQuery(qualityQueries.settings(projectId));
  if (!settings.data) return null;
  return <RulesForm projectId={projectId} saved={settings.data} />;
}

function RulesForm({ projectId, saved }: { projectId: string; saved: QualitySettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    minGapDays: String(saved.minGapDays),
    flatLineDays: String(saved.flatLineDays),
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // An empty box reads as NaN, which the schema names as "must be a number of days".
    const args = {
      projectId,
      minGapDays: values.minGapDays.trim() === '' ? NaN : Number(values.minGapDays),
      flatLineDays: values.flatLineDays.trim() === '' ? NaN : Number(values.flatLineDays),
    };
    const check = qualitySettingsSaveArgsSchema.safeParse(args);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      setError(`${LABELS[issue.path[0] as Field] ?? String(issue.path[0])} ${issue.message}.`);
      return;
    }
    setSaving(true);
    try {
      const next = await send('quality-settings-save', check.data);
      setError(null);
      queryClient.setQueryData(qualityQueries.settings(projectId).queryKey, next);
      await queryClient.invalidateQueries({ queryKey: qualityQueries.scan(projectId).queryKey });
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="quality-rules" data-testid="quality-rules">
      <summary>
        Rules for this project: gaps from {saved.minGapDays}{' '}
        {saved.minGapDays === 1 ? 'day' : 'days'}, flat lines from {saved.flatLineDays} days
        {saved.savedAt === null ? ' (the defaults)' : ''}
      </summary>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {(Object.keys(LABELS) as Field[]).map((field) => (
          <label key={field} className="rule-field">
            {LABELS[field]} (days)
            <input
              type="number"
              min={field === 'minGapDays' ? 1 : 2}
              max={365}
              step={1}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              aria-invalid={error?.startsWith(LABELS[field]) || undefined}
              data-testid={`quality-${field}`}
            />
          </label>
        ))}
        <button type="submit" disabled={saving} data-testid="quality-rules-save">
          {saving ? 'Saving…' : 'Save and scan again'}
        </button>
        {error && (
          <span className="range-error" role="alert" data-testid="quality-rules-error">
            {error}
          </span>
        )}
      </form>
    </details>
  );
}
