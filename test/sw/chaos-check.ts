/**
 * Whether the server ended as a chaos run's writes intended: every created record there once
 * (unless deleted), every seeded record with its fields or gone, the last settings document.
 */
import { recordId } from '../../app/epos/ids.ts';
import { API_LIMIT_TEXT, type Fault } from '../standin/faults.ts';
import type { Standin } from '../standin/standin.ts';
import { CHAOS_KINDS, type ChaosRun, type Seeded } from './chaos-run.ts';

/**
 * What misbehaves, and how often, in every chaos run: about a quarter of requests. `elsewhere` is
 * where a redirect points: another origin's address (in process, redirects are not followed).
 */
export function chaosFaults(elsewhere: string): Fault[] {
  return [
    // A load balancer or portal sending the request to another origin.
    { type: 'redirect', location: `${elsewhere}/api/V2/elsewhere`, probability: 0.01 },
    { type: 'status', status: 503, probability: 0.05 },
    { type: 'status', status: 500, probability: 0.03 },
    // Epos Now's API limit: its status is not published, so each plausible one.
    { type: 'rate-limit', retryAfter: 1, probability: 0.02 },
    { type: 'rate-limit', status: 403, form: 'text', probability: 0.01 },
    { type: 'rate-limit', status: 400, form: 'text', probability: 0.01 },
    { type: 'rate-limit', status: 200, form: 'text', probability: 0.01 },
    { type: 'drop-after-apply', probability: 0.05 },
    // A proxy or portal answering for the server: a 200 that is not the API's answer.
    { type: 'malformed', probability: 0.02 },
    { type: 'malformed', body: API_LIMIT_TEXT, contentType: 'text/plain', probability: 0.01 },
    { type: 'empty-list', probability: 0.03 },
    { type: 'latency', ms: 3, probability: 0.05 },
  ];
}

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
  return CHAOS_KINDS.flatMap((kind) =>
    standin
      .records(kind)
      .slice(0, 20)
      .map((record) => ({ kind, id: recordId(kind, record) as number })),
  );
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
      if (found.length > (record.deleted ? 0 : 1)) {
        duplicated++;
        wrong.push(
          `${record.kind} ${value}: ${found.length} records (${found.map((r) => recordId(record.kind, r)).join(', ')})${record.deleted ? ', deleted' : ''}`,
        );
      }
      if (!record.deleted && found.length === 1 && !hasFields(found[0] as Record<string, unknown>, record.fields))
        wrong.push(`${record.kind} ${value}: fields differ`);
    } else {
      const found = standin.record(record.kind, record.id);
      if (record.deleted && found !== undefined) wrong.push(`${record.kind} ${record.id}: not deleted`);
      if (!record.deleted && (found === undefined || !hasFields(found, record.fields)))
        wrong.push(`${record.kind} ${record.id}: ${found === undefined ? 'gone' : 'fields differ'}`);
    }
  }
  const settingsKept = JSON.stringify(JSON.parse(standin.settingsText ?? 'null')) === JSON.stringify(run.settings);
  return { lost, duplicated, wrong, settingsKept };
}

function hasFields(record: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return Object.entries(fields).every(([key, value]) => record[key] === value);
}
