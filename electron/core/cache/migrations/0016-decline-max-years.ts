/**
 * Cache migration 16: the forecast cap of a project's decline settings, in years of 365.25
 * days, editable beside the economic limits. Until now every forecast stopped at a fixed
 * 50 years; the default of 50 gives the projects saved before this their EURs unchanged.
 * The CHECK repeats the contract's bounds (shared/desktop/decline.ts), so a damaged or
 * hand-edited value is refused rather than read into a forecast.
 */
export const sql = `
ALTER TABLE decline_settings ADD COLUMN max_years REAL NOT NULL DEFAULT 50
  CHECK (max_years >= 1 AND max_years <= 100);
`;
