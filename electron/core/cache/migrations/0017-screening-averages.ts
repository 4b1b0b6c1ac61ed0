/**
 * Cache migration 17: each well's average rates over its last 7 and last 30 producing days
 * beside the last producing day's (shared/production/rate-basis.ts), so the wells table can
 * show and sort its latest rates on the basis the person chose: one day's rate can be a
 * spike that ranks an idle well first. Imperial, like the rest of well_screening.
 *
 * The figures already kept have no averages, and well_screening is a copy of server data
 * rebuilt by the next fill (migration 9): they are dropped, so the next fill computes every
 * well's afresh (offline, from the rows this computer holds) rather than showing a table
 * whose averages are half blank until each well's figures turn stale.
 */
export const sql = `
ALTER TABLE well_screening ADD COLUMN oil_avg_7 REAL;
ALTER TABLE well_screening ADD COLUMN gas_avg_7 REAL;
ALTER TABLE well_screening ADD COLUMN water_avg_7 REAL;
ALTER TABLE well_screening ADD COLUMN oil_avg_30 REAL;
ALTER TABLE well_screening ADD COLUMN gas_avg_30 REAL;
ALTER TABLE well_screening ADD COLUMN water_avg_30 REAL;
DELETE FROM well_screening;
`;
