import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { WellView } from '#shared/desktop/index.js';
import { comparisonCsv, LATERAL_BASIS, type AlignmentStep } from '#shared/field/index.js';
import { wellMatchesSearch } from '#shared/wells/well-identifier.js';
import { bridge } from '../../bridge/bridge.js';
import { openDialog } from '../../dialogs/open-dialog.js';
import { exportFileName } from '../../export/file-name.js';
import { projectQueries, wellQueries } from '../../queries/keys.js';
import { formatCount } from '../../shell/format.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { isoDay, presetRange, type IsoRange } from '../well/date-range.js';
import { productionQuery } from '../well/production-query.js';
import {
  buildComparison,
  initialChoice,
  MAX_COMPARED,
  MIN_COMPARED,
  notDrawnNames,
  notDrawnNote,
  STREAM_LABEL,
  type CompareInput,
  type CompareStream,
  type Comparison,
} from './compare-model.js';
import { CompareChart } from './CompareChart.js';
import { Segmented } from './Segmented.js';
import { useMapSelection } from './selection-store.js';
import '../well/well.css';
import './field.css';

/** Wells listed in the picker at once; the search narrows a longer list. */
const PICKER_ROWS = 200;

/**
 * The Compare tab: 2 to 20 wells (the map's or table's selection, or picked here) on
 * producing time, one stream, optionally per unit of lateral length, with the group's
 * P10/P50/P90 type curve; image and CSV exports. A selection of more than 20 starts with
 * the 20 with the highest latest oil rate and names the others; the ticks change it.
 */
export function WellComparison({ projectId }: { projectId: string }) {
  const project = useQuery(projectQueries.detail(projectId)).data?.data;
  const selection = useMapSelection(projectId);
  // The candidates: the selection's wells when there is one, else the project's.
  const candidates = useQuery(
    wellQueries.list({ projectId, ...(selection ? { wellIds: [...selection] } : {}) }),
  );
  // The selection's own wells (not the previous list kept on screen while they are read):
  // what an oversized selection is ranked by.
  const listed = candidates.isPlaceholderData ? undefined : candidates.data?.data.wells;
  const start = initialChoice(selection, listed);
  const ranked = start.tooMany !== null && listed !== undefined;
  const [chosen, setChosen] = useState<string[]>(start.chosen);
  // A new selection on the map or in the table starts a new comparison, and an oversized
  // one again once its wells are listed to rank (state adjusted while rendering, React's
  // pattern for state that follows a changed input).
  const [chosenFor, setChosenFor] = useState({ selection, ranked });
  if (chosenFor.selection !== selection || (ranked && !chosenFor.ranked)) {
    setChosenFor({ selection, ranked });
    setChosen(start.chosen);
  }
  const [stream, setStream] = useState<CompareStream>('oil');
  const [step, setStep] = useState<AlignmentStep>('month');
  const [normalised, setNormalised] = useState(false);
  const [logScale, setLogScale] = useState(true);
  const [limitNote, setLimitNote] = useState(false);

  const wellsById = useMemo(
    () => new Map((candidates.data?.data.wells ?? []).map((well) => [well.id, well])),
    [candidates.data],
  );
  const chosenWells = chosen.flatMap((id) => wellsById.get(id) ?? []);
  const [today] = useState(() => isoDay(Date.now()));
  const productions = useQueries({
    queries: chosenWells.map((well) =>
      productionQuery(projectId, well.id, wellRange(well, today), 'daily'),
    ),
  });
  const inputs: CompareInput[] = chosenWells.map((well, index) => {
    const view = productions[index]?.data?.data;
    return {
      id: well.id,
      name: well.name,
      lateralLength: well.lateralLength,
      days: view
        ? {
            dates: view.dates,
            oil: view.values.oil_rate ?? view.dates.map(() => null),
            gas: view.values.gas_rate ?? view.dates.map(() => null),
            water: view.values.water_rate ?? view.dates.map(() => null),
          }
        : null,
    };
  });
  const loading = productions.filter((query) => query.isPending).length;
  const failed = productions.find((query) => query.isError)?.error;
  const unitSystem = project?.unitSystem ?? 'imperial';
  // Rebuilt on each render of this tab (a read arriving, an option changed): a few
  // milliseconds for 20 wells of ten years; hovering the chart does not render it.
  const comparison = buildComparison(inputs, { stream, step, normalised, unitSystem });

  const toggle = (id: string) => {
    setLimitNote(false);
    if (chosen.includes(id)) setChosen(chosen.filter((other) => other !== id));
    else if (chosen.length >= MAX_COMPARED) setLimitNote(true);
    else setChosen([...chosen, id]);
  };
  const title = `${STREAM_LABEL[stream]} rate of ${formatCount(comparison.wells.length)} wells on producing time${normalised ? ` (${LATERAL_BASIS[unitSystem].label} of lateral)` : ''}`;
  const range = dataRange(chosenWells, today);

  return (
    <div className="well-comparison" data-testid="well-comparison">
      {selection !== null && start.tooMany !== null && (
        <TooManyNote selection={selection} chosen={chosen} ranked={start.chosen} wells={listed} />
      )}
      <div className="compare-layout">
        <WellPicker
          wells={candidates.data?.data.wells ?? []}
          fromSelection={selection !== null}
          chosen={chosen}
          onToggle={toggle}
          onClear={() => setChosen([])}
          limitNote={limitNote}
          colours={new Map(comparison.wells.map((well) => [well.id, well.colour]))}
        />
        <div className="compare-main">
          <div className="filters chart-toolbar">
            <select
              aria-label="Stream"
              value={stream}
              onChange={(event) => setStream(event.target.value as CompareStream)}
              data-testid="compare-stream"
            >
              {(['oil', 'gas', 'water'] as const).map((value) => (
                <option key={value} value={value}>
                  {STREAM_LABEL[value]}
                </option>
              ))}
            </select>
            <Segmented
              label="Time step"
              options={[
                ['month', 'Months'],
                ['day', 'Days'],
              ]}
              value={step}
              onChange={setStep}
              testId="compare-step"
            />
            <Segmented
              label="Rate scale"
              options={[
                ['log', 'Log'],
                ['linear', 'Linear'],
              ]}
              value={logScale ? 'log' : 'linear'}
              onChange={(value) => setLogScale(value === 'log')}
              testId="compare-scale"
            />
            <label className="check">
              <input
                type="checkbox"
                checked={normalised}
                onChange={(event) => setNormalised(event.target.checked)}
                data-testid="compare-normalise"
              />
              Per {LATERAL_BASIS[unitSystem].label.replace('per ', '')} of lateral
            </label>
            {loading > 0 && (
              <span className="muted toolbar-loading" role="status">
                Reading {formatCount(loading)} {loading === 1 ? 'well' : 'wells'}…
              </span>
            )}
            <ExportComparisonCsv
              comparison={comparison}
              step={step}
              name={`${project?.name ?? 'Project'} comparison`}
              what={`${stream}-${step === 'month' ? 'monthly' : 'daily'}${normalised ? '-per-lateral' : ''}`}
              range={range}
            />
          </div>
          {failed && <ErrorPanel error={failed} />}
          <CompareNotes projectId={projectId} comparison={comparison} chosen={chosen.length} />
          {comparison.wells.length > 0 && project && (
            <CompareChart
              comparison={comparison}
              step={step}
              logScale={logScale}
              title={title}
              exportContext={{ wellName: `${project.name} comparison`, unitSystem }}
              range={range}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/** A well's whole history, as the well page's "All" reads it. */
function wellRange(well: WellView, today: string): IsoRange {
  return presetRange('All', well.firstProductionDate ?? well.spudDate, today);
}

/** The dates the chosen wells' histories span, for the exports' headers and file names. */
function dataRange(wells: readonly WellView[], today: string): IsoRange {
  const froms = wells.map((well) => wellRange(well, today).from).sort();
  return { from: froms[0] ?? today, to: today };
}

/**
 * A selection over the limit: what is drawn, which selected wells are not (by name), and
 * that the ticks change it. Until the wells are listed there is nothing to rank by yet.
 */
function TooManyNote(props: {
  selection: readonly string[];
  chosen: readonly string[];
  /** The automatic choice: the MAX_COMPARED with the highest latest oil rate. */
  ranked: readonly string[];
  wells: readonly WellView[] | undefined;
}) {
  const { selection, chosen, ranked, wells } = props;
  const automatic = ranked.length === chosen.length && ranked.every((id) => chosen.includes(id));
  const note = wells ? notDrawnNote(notDrawnNames(selection, chosen, wells)) : null;
  return (
    <div
      className="selection-note compare-too-many warning"
      role="status"
      data-testid="compare-too-many"
    >
      <p>
        {formatCount(selection.length)} wells are selected; a comparison takes {MIN_COMPARED} to{' '}
        {MAX_COMPARED}.{' '}
        {!wells
          ? `Ranking them by latest oil rate…`
          : automatic
            ? `Drawn: the ${MAX_COMPARED} with the highest latest oil rate.`
            : `Drawn: the wells ticked below (it started with the ${MAX_COMPARED} with the highest latest oil rate).`}
      </p>
      {note && (
        <p data-testid="compare-not-drawn">
          {note} Untick a well below to tick another in its place.
        </p>
      )}
    </div>
  );
}

function CompareNotes(props: { projectId: string; comparison: Comparison; chosen: number }) {
  const { comparison } = props;
  return (
    <div className="scan-summary" data-testid="compare-notes">
      {props.chosen < MIN_COMPARED && (
        <p data-testid="compare-pick">
          Pick {MIN_COMPARED} to {MAX_COMPARED} wells to compare: tick them in the list, or select
          them on the map.
        </p>
      )}
      {comparison.withoutProduction.length > 0 && (
        <p data-testid="compare-without-production">
          No production on this computer for {comparison.withoutProduction.join(', ')}: not
          compared.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => openDialog({ kind: 'download', projectId: props.projectId })}
          >
            Keep on this computer…
          </button>
        </p>
      )}
      {comparison.withoutLateral.length > 0 && (
        <p data-testid="compare-without-lateral">
          No lateral length for {comparison.withoutLateral.join(', ')}: left out of the normalised
          view.
        </p>
      )}
    </div>
  );
}

function WellPicker(props: {
  wells: readonly WellView[];
  fromSelection: boolean;
  chosen: readonly string[];
  onToggle: (id: string) => void;
  onClear: () => void;
  limitNote: boolean;
  /** Each compared well's line colour: the picker is the chart's legend of wells. */
  colours: ReadonlyMap<string, string>;
}) {
  const [search, setSearch] = useState('');
  // By name or identifier, as the wells table's search finds them.
  const matching = props.wells.filter((well) => wellMatchesSearch(well, search));
  // Chosen wells first, so they stay in view however long the list.
  const listed = [
    ...matching.filter((well) => props.chosen.includes(well.id)),
    ...matching.filter((well) => !props.chosen.includes(well.id)),
  ].slice(0, PICKER_ROWS);
  return (
    <aside className="compare-picker" aria-label="Wells to compare">
      <p className="muted">
        {formatCount(props.chosen.length)} of {MAX_COMPARED} chosen
        {props.fromSelection ? ' from the selection' : ''}
        {props.chosen.length > 0 && (
          <>
            {' · '}
            <button type="button" className="link-button" onClick={props.onClear}>
              Clear
            </button>
          </>
        )}
      </p>
      <input
        type="search"
        className="search"
        placeholder="Find a well"
        aria-label="Find a well to compare"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="compare-search"
      />
      {props.limitNote && (
        <p className="warning" role="alert" data-testid="compare-limit">
          At most {MAX_COMPARED} wells: untick one first.
        </p>
      )}
      <ul className="compare-wells">
        {listed.map((well) => (
          <li key={well.id}>
            <label className="check">
              <input
                type="checkbox"
                checked={props.chosen.includes(well.id)}
                onChange={() => props.onToggle(well.id)}
                data-testid="compare-well"
                data-well-id={well.id}
              />
              {/* Always there, blank until the well is drawn: a swatch appearing as its
                  production arrives would rewrap the name and move the rows under the
                  pointer of someone ticking down the list. */}
              <span
                className="legend-line"
                style={{ background: props.colours.get(well.id) ?? 'transparent' }}
                aria-hidden="true"
              />
              <bdi>{well.name}</bdi>
            </label>
          </li>
        ))}
      </ul>
      {matching.length > listed.length && (
        <p className="muted">
          {formatCount(matching.length - listed.length)} more: type part of a name to find them.
        </p>
      )}
    </aside>
  );
}

function ExportComparisonCsv(props: {
  comparison: Comparison;
  step: AlignmentStep;
  name: string;
  what: string;
  range: IsoRange;
}) {
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      await bridge.native.saveFile(
        {
          title: 'Export the comparison as CSV',
          defaultName: exportFileName({
            well: props.name,
            what: props.what,
            ...props.range,
            ext: 'csv',
          }),
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        comparisonCsv(
          props.comparison.wells,
          props.comparison.curve,
          props.step,
          props.comparison.unit,
        ),
      );
    } catch (caught) {
      setError(`CSV export failed: ${(caught as Error).message}`);
    }
  };
  return (
    <>
      <button
        type="button"
        className="well-button"
        disabled={props.comparison.wells.length === 0}
        onClick={() => void run()}
        data-testid="compare-export-csv"
      >
        Export CSV
      </button>
      {error && (
        <span className="export-status error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
