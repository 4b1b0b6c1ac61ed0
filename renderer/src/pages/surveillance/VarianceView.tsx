import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { DeclineStream, WellVarianceRow } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { projectQueries } from '../../queries/keys.js';
import { statusLabel } from '../../shell/format.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { Segmented } from '../field/Segmented.js';
import { setMapSelection } from '../field/selection-store.js';
import { streamUnits } from '../well/decline/stream-units.js';
import { VarianceScatter } from './VarianceScatter.js';
import {
  FIT_LABEL,
  groupTotal,
  percentText,
  STREAM_OPTIONS,
  varianceText,
  volumeText,
} from './variance-text.js';
import './surveillance.css';

/**
 * Which wells produce less than expected: each well's actual against its saved forecast
 * over the last N days with data, ranked by the volume short (the largest first), with
 * the % variance and the day it fell off; a scatter of the two; the group's sum over the
 * wells shown or ticked; ticked wells go to Compare.
 */
export function VarianceView({ projectId }: { projectId: string }) {
  const [, navigate] = useLocation();
  const [stream, setStream] = useState<DeclineStream>('oil');
  const [windowDays, setWindowDays] = useState(30);
  const [belowOnly, setBelowOnly] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const system = useQuery(projectQueries.detail(projectId)).data?.data.unitSystem ?? 'imperial';
  const list = useQuery({
    queryKey: ['production', 'variance', projectId, stream, windowDays],
    queryFn: () => send('variance-list', { projectId, stream, windowDays }),
  });
  const unit = streamUnits(stream, system).volume;
  const all = list.data?.wells ?? [];
  const rows = belowOnly ? all.filter((row) => (row.volumeVariance ?? 0) < 0) : all;
  const group = groupTotal(ticked.size > 0 ? rows.filter((row) => ticked.has(row.wellId)) : rows);
  const openWell = (wellId: string) =>
    navigate(`/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(wellId)}`);
  const toggle = (wellId: string) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (next.has(wellId)) next.delete(wellId);
      else next.add(wellId);
      return next;
    });
  const compare = () => {
    setMapSelection(projectId, [...ticked]);
    navigate(`/projects/${encodeURIComponent(projectId)}/compare`);
  };

  return (
    <div className="variance-view" data-testid="variance-view">
      <div className="filters variance-filters">
        <Segmented
          label="Stream"
          options={STREAM_OPTIONS}
          value={stream}
          onChange={setStream}
          testId="variance-stream"
        />
        <label>
          Last{' '}
          <input
            type="number"
            min={1}
            max={366}
            value={windowDays}
            onChange={(event) => {
              const days = Math.round(Number(event.target.value));
              if (days >= 1 && days <= 366) setWindowDays(days);
            }}
            data-testid="variance-window"
          />{' '}
          days with data
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={belowOnly}
            onChange={(event) => setBelowOnly(event.target.checked)}
          />{' '}
          Only wells below forecast
        </label>
        <button
          type="button"
          className="well-button"
          disabled={ticked.size === 0}
          onClick={compare}
          data-testid="variance-compare"
        >
          Compare {ticked.size > 0 ? ticked.size : ''} ticked
        </button>
      </div>
      {list.isError && <ErrorPanel error={list.error} />}
      <p className="variance-summary" role="status" data-testid="variance-summary">
        {list.isPending
          ? 'Comparing production with the saved forecasts…'
          : group === null
            ? 'No well shown has a saved forecast of this stream: fit it on the well page, or use Forecast all wells.'
            : `${ticked.size > 0 ? 'Ticked' : 'Shown'}: ${group.wells} well${group.wells === 1 ? '' : 's'} with a forecast, ${volumeText(group.actual)} ${unit} against ${volumeText(group.forecast)} ${unit} forecast: ${varianceText(group.volumeVariance)} ${unit} (${percentText(group.percentVariance)}).`}
      </p>
      <VarianceScatter rows={rows} volumeUnit={unit} onOpen={openWell} />
      {rows.length > 0 && (
        <div className="table-wrap variance-table-wrap">
          <table className="data-table variance-table" data-testid="variance-table">
            <caption className="visually-hidden">
              Wells by their production against the forecast, the largest shortfall first
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Tick to compare</span>
                </th>
                <th scope="col">Well</th>
                <th scope="col">Status</th>
                <th scope="col">Fit</th>
                <th scope="col">Days</th>
                <th scope="col" className="num">
                  Actual ({unit})
                </th>
                <th scope="col" className="num">
                  Forecast ({unit})
                </th>
                <th scope="col" className="num">
                  Variance ({unit})
                </th>
                <th scope="col" className="num">
                  Variance %
                </th>
                <th scope="col">Below since</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <VarianceRow
                  key={row.wellId}
                  row={row}
                  ticked={ticked.has(row.wellId)}
                  onTick={() => toggle(row.wellId)}
                  onOpen={() => openWell(row.wellId)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted variance-note">
        Each well is judged over its last {windowDays} days with a record of the stream, against its
        saved fit as saved (a stale fit is marked, not refitted). &quot;Below since&quot; is the
        first day of the current run more than {list.data?.tolerancePercent ?? 10} % below the
        forecast.
      </p>
    </div>
  );
}

function VarianceRow(props: {
  row: WellVarianceRow;
  ticked: boolean;
  onTick: () => void;
  onOpen: () => void;
}) {
  const { row } = props;
  return (
    <tr data-testid="variance-row" className={row.fit === 'none' ? 'muted' : undefined}>
      <td>
        <input
          type="checkbox"
          checked={props.ticked}
          onChange={props.onTick}
          aria-label={`Tick ${row.name} to compare`}
        />
      </td>
      <td>
        <button type="button" className="link-like" onClick={props.onOpen}>
          <bdi>{row.name}</bdi>
        </button>
      </td>
      <td>{statusLabel(row.status)}</td>
      <td className={row.fit === 'stale' ? 'variance-stale' : undefined}>{FIT_LABEL[row.fit]}</td>
      <td>{row.days > 0 ? `${row.days} (${row.from} – ${row.to})` : '—'}</td>
      <td className="num">{volumeText(row.actual)}</td>
      <td className="num">{volumeText(row.forecast)}</td>
      <td className={`num${(row.volumeVariance ?? 0) < 0 ? ' variance-short' : ''}`}>
        {varianceText(row.volumeVariance)}
      </td>
      <td className="num">{percentText(row.percentVariance)}</td>
      <td>{row.divergedSince ?? '—'}</td>
    </tr>
  );
}
