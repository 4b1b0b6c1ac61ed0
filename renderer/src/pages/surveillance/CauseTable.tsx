import type { CauseVolume } from '#shared/desktop/index.js';

/** The window's lost volume by reason (the events' categories, then days none explains). */
export function CauseTable(props: {
  causes: readonly CauseVolume[];
  total: number;
  volume: (value: number) => string;
  unit: string;
}) {
  const { causes, total, volume, unit } = props;
  return (
    <div className="table-wrap loss-cause-wrap">
      <table className="data-table variance-table" data-testid="loss-causes">
        <caption>Lost by reason</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col" className="num">
              Lost ({unit})
            </th>
            <th scope="col" className="num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {causes.map((cause) => (
            <tr key={cause.cause} data-testid="loss-cause-row">
              <th scope="row" className={cause.recorded ? undefined : 'muted'}>
                {cause.cause}
              </th>
              <td className="num">{volume(cause.volume)}</td>
              <td className="num">
                {total > 0 ? `${((cause.volume / total) * 100).toFixed(1)} %` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
