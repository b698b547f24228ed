/**
 * Whether the server ended as a chaos run's writes intended: every created record there once
 * (unless deleted), every seeded record with its fields or gone, the last settings document.
 */
import { recordId } from '../../app/epos/ids.ts';
import type { Standin } from '../standin/standin.ts';
import { CHAOS_KINDS, type ChaosRun, type Seeded } from './chaos-run.ts';

/** What a check found. */
export interface ChaosCheck {
  lost: number;
  duplicated: number;
  /** Records whose fields or presence differ from what the writes intended, in words. */
  wrong: string[];
  settingsKept: boolean;
}

/** The first 20 records of each chaos kind on the stand-in: what a run updates and deletes. */
export function seededOf(standin: Standin): Seeded {
  return CHAOS_KINDS.flatMap((kind) => standin.records(kind).slice(0, 20).map((record) => ({ kind, id: recordId(kind, record) as number })));
}

/** Compares the stand-in's records with what the run intended. */
export function checkChaos(standin: Standin, run: ChaosRun): ChaosCheck {
  let lost = 0;
  let duplicated = 0;
  const wrong: string[] = [];
  for (const record of run.intended) {
    if (record.created) {
      const [field, value] = record.marker as [string, string];
      const found = standin.records(record.kind).filter((r) => r[field] === value);
      if (!record.deleted && found.length === 0) lost++;
      if (found.length > (record.deleted ? 0 : 1)) duplicated++;
      if (!record.deleted && found.length === 1 && !hasFields(found[0] as Record<string, unknown>, record.fields)) wrong.push(`${record.kind} ${value}: fields differ`);
    } else {
      const found = standin.record(record.kind, record.id);
      if (record.deleted && found !== undefined) wrong.push(`${record.kind} ${record.id}: not deleted`);
      if (!record.deleted && (found === undefined || !hasFields(found, record.fields))) wrong.push(`${record.kind} ${record.id}: ${found === undefined ? 'gone' : 'fields differ'}`);
    }
  }
  const settingsKept = JSON.stringify(JSON.parse(standin.settingsText ?? 'null')) === JSON.stringify(run.settings);
  return { lost, duplicated, wrong, settingsKept };
}

function hasFields(record: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return Object.entries(fields).every(([key, value]) => record[key] === value);
}
