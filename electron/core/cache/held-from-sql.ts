/**
 * The first day a well's widest coverage interval (`v`, a coverage_widest row) actually
 * holds a row for; NULL when it holds none. Coverage records what was asked of the server,
 * and the well page asks for a well's whole history (from 1900-01-01, to count cumulative
 * volumes since first production): that is true, nothing before the first row exists, but
 * shown as "Offline: …, 1900-01-01 – …" it says nothing. Where the offline range is shown it
 * starts on the first day held instead. One probe of production's primary key per well.
 */
export function heldFromSql(v: string): string {
  return `(SELECT MIN(p.date) FROM production p
    WHERE p.connection_id = ${v}.connection_id AND p.well_id = ${v}.well_id
      AND p.date BETWEEN ${v}.from_date AND ${v}.to_date)`;
}
