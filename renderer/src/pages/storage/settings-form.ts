import type { IpcError, ReplicaSettings, ReplicaSettingsSaveArgs } from '#shared/desktop/index.js';

/**
 * The storage settings as typed: days as days, the budget in GB (1 GB = 1024³ bytes, as the
 * core's default of 2 GB is counted). The core checks the ranges and names the field it
 * refuses (details.issues[].path); the form checks only that a number was typed.
 */
export interface SettingsDraft {
  releaseAfterDays: string;
  budgetGb: string;
}
export type SettingsField = keyof ReplicaSettingsSaveArgs;
export type FieldProblems = Partial<Record<SettingsField, string>>;

const GIB = 1024 ** 3;

export function draftOf(settings: ReplicaSettings): SettingsDraft {
  return {
    releaseAfterDays: String(settings.releaseAfterDays),
    budgetGb: String(Math.round((settings.budgetBytes / GIB) * 1000) / 1000),
  };
}

/** What to send, or why nothing can be: a field that holds no number. */
export function argsOf(
  draft: SettingsDraft,
): { ok: true; args: ReplicaSettingsSaveArgs } | { ok: false; problems: FieldProblems } {
  const days = numberOf(draft.releaseAfterDays);
  const gb = numberOf(draft.budgetGb);
  const problems: FieldProblems = {};
  if (days === null) problems.releaseAfterDays = 'Enter a number of days.';
  if (gb === null) problems.budgetBytes = 'Enter a size in GB.';
  if (days === null || gb === null) return { ok: false, problems };
  // Whole bytes: the core counts bytes, and 1.5 GB is a whole number of them anyway.
  return { ok: true, args: { releaseAfterDays: days, budgetBytes: Math.round(gb * GIB) } };
}

function numberOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The core's refusal: the problems of named fields, and what names no field. */
export function problemsOf(error: IpcError): { fields: FieldProblems; other: string | null } {
  const fields: FieldProblems = {};
  const unplaced: string[] = [];
  for (const issue of error.details?.issues ?? []) {
    if (issue.path === 'releaseAfterDays' || issue.path === 'budgetBytes') {
      fields[issue.path] = fields[issue.path] ?? sentence(issue.message);
    } else {
      unplaced.push(`${issue.path}: ${issue.message}`);
    }
  }
  const placed = Object.keys(fields).length > 0;
  return {
    fields,
    other: unplaced.length > 0 ? unplaced.join(' · ') : placed ? null : error.message,
  };
}

/** "must be at least 1 day" under its field reads as "Must be at least 1 day." */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
