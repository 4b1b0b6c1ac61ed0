import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { UnitSystem } from '#shared/api/index.js';
import {
  DECLINE_MODEL_KINDS,
  DECLINE_STREAMS,
  declineSettingsSchema,
  type DeclineSettings,
} from '#shared/desktop/index.js';
import { send } from '#renderer/bridge/bridge.js';
import { declineQueries } from '#renderer/queries/decline-keys.js';
import { IsoDateInput } from '#renderer/shell/IsoDateInput.js';
import { MODEL_LABEL } from './model-label.js';
import { STREAM_LABEL, streamUnits } from './stream-units.js';

interface SettingsForm {
  model: DeclineSettings['model'];
  dMin: string;
  limits: Record<(typeof DECLINE_STREAMS)[number], string>;
  endDate: string;
  maxYears: string;
}

function formOf(settings: DeclineSettings): SettingsForm {
  return {
    model: settings.model,
    dMin: String(settings.dMinEffectivePercent),
    limits: {
      oil: String(settings.economicLimit.oil),
      gas: String(settings.economicLimit.gas),
      water: String(settings.economicLimit.water),
    },
    endDate: settings.endDate ?? '',
    maxYears: String(settings.maxYears),
  };
}

/** The form as settings, or the first problem, naming its field (the contract's own rules). */
export function settingsOf(form: SettingsForm): DeclineSettings | string {
  const number = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(/,/g, '')));
  const parsed = declineSettingsSchema.safeParse({
    model: form.model,
    dMinEffectivePercent: number(form.dMin),
    economicLimit: {
      oil: number(form.limits.oil),
      gas: number(form.limits.gas),
      water: number(form.limits.water),
    },
    endDate: form.endDate.trim() === '' ? null : form.endDate.trim(),
    maxYears: number(form.maxYears),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join(' ') ?? '';
  const name = where.startsWith('economicLimit')
    ? `${STREAM_LABEL[issue?.path[1] as 'oil']} economic limit`
    : where === 'endDate'
      ? 'End date'
      : where === 'dMinEffectivePercent'
        ? 'Dmin'
        : where === 'maxYears'
          ? 'Forecast cap'
          : where;
  return `${name}: ${issue?.message ?? 'not valid'}`;
}

/**
 * The project's forecast settings (model, Dmin, economic limits, forecast cap, end date) in a
 * small popover on the decline panel; saved for the project on this computer.
 */
export function DeclineSettingsPopover(props: {
  projectId: string;
  settings: DeclineSettings;
  unitSystem: UnitSystem;
}) {
  const client = useQueryClient();
  const menu = useRef<HTMLDetailsElement>(null);
  const [form, setForm] = useState(() => formOf(props.settings));
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Show the settings in force each time the popover opens.
  const [followed, setFollowed] = useState(props.settings);
  if (followed !== props.settings) {
    setFollowed(props.settings);
    setForm(formOf(props.settings));
  }
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !details.contains(event.target as Node)
      ) {
        details.open = false;
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  const checked = settingsOf(form);
  async function save() {
    if (typeof checked === 'string') return;
    setBusy(true);
    setStatus(null);
    try {
      const saved = await send('decline-settings-save', {
        projectId: props.projectId,
        settings: checked,
      });
      client.setQueryData(declineQueries.settings(props.projectId).queryKey, saved);
      // Saved fits' forecasts follow the new limits, cap and end date.
      void client.invalidateQueries({ queryKey: declineQueries.all });
      setStatus('Saved');
    } catch (error) {
      setStatus(`Not saved: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="decline-settings" ref={menu} data-testid="decline-settings">
      <summary className="well-button">Settings</summary>
      <form
        className="decline-settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="decline-settings-title">Forecast settings for the project</p>
        <label>
          <span>Model</span>
          <select
            value={form.model}
            data-testid="decline-settings-model"
            onChange={(event) =>
              setForm({ ...form, model: event.target.value as DeclineSettings['model'] })
            }
          >
            {DECLINE_MODEL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {MODEL_LABEL[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Dmin secant effective (%/yr)</span>
          <input
            type="text"
            inputMode="decimal"
            value={form.dMin}
            data-testid="decline-settings-dmin"
            onChange={(event) => setForm({ ...form, dMin: event.target.value })}
          />
        </label>
        {DECLINE_STREAMS.map((stream) => (
          <label key={stream}>
            <span>
              {STREAM_LABEL[stream]} economic limit ({streamUnits(stream, props.unitSystem).rate})
            </span>
            <input
              type="text"
              inputMode="decimal"
              value={form.limits[stream]}
              data-testid={`decline-settings-limit-${stream}`}
              onChange={(event) =>
                setForm({ ...form, limits: { ...form.limits, [stream]: event.target.value } })
              }
            />
          </label>
        ))}
        <label>
          <span>Forecast cap (years)</span>
          <input
            type="text"
            inputMode="decimal"
            value={form.maxYears}
            data-testid="decline-settings-max-years"
            onChange={(event) => setForm({ ...form, maxYears: event.target.value })}
          />
        </label>
        <label>
          <span>End date (empty: to the limit, at most the cap)</span>
          <IsoDateInput
            value={form.endDate}
            data-testid="decline-settings-end"
            onValue={(endDate) => setForm({ ...form, endDate })}
          />
        </label>
        {typeof checked === 'string' && (
          <p className="field-error" role="alert" data-testid="decline-settings-error">
            {checked}
          </p>
        )}
        <div className="decline-settings-actions">
          <button
            type="submit"
            className="well-button primary"
            disabled={busy || typeof checked === 'string'}
            data-testid="decline-settings-save"
          >
            {busy ? 'Saving…' : 'Save settings'}
          </button>
          {status && <span role="status">{status}</span>}
        </div>
      </form>
    </details>
  );
}
