/**
 * Saving the stand-in's state to a JSON file and loading it back, so a dev server keeps what a
 * tester did across restarts. A file that cannot be read is an error, never a silent reseed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type IdStyle, recordId } from '../../app/epos/ids.ts';
import { isKind, KIND_NAMES, type Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { StandinState } from './state.ts';

/** The state file's content. */
export interface StateSnapshot {
  readonly format: typeof FORMAT;
  readonly version: 1;
  /** Style the records were keyed in; a stand-in with another style rekeys them on load. */
  readonly idStyle: IdStyle;
  readonly nextIds: Partial<Record<Kind, number>>;
  readonly records: Partial<Record<Kind, OpenRecord[]>>;
  readonly settingsText: string | null;
}

/** A state file that exists but cannot be used. */
export class StateFileError extends Error {
  /** The file at fault. */
  readonly file: string;

  constructor(file: string, problem: string, options?: ErrorOptions) {
    super(`stand-in state file ${file} is unusable: ${problem}`, options);
    this.name = 'StateFileError';
    this.file = file;
  }
}

const FORMAT = 'epos-standin-state';

// Distinguishes the temporary files of several stand-ins in one process.
let writes = 0;

/** The state as a snapshot (records shared, not copied: it is serialised straight away). */
export function snapshotOf(state: StandinState): StateSnapshot {
  const nextIds: Partial<Record<Kind, number>> = {};
  const records: Partial<Record<Kind, OpenRecord[]>> = {};
  for (const kind of KIND_NAMES) {
    nextIds[kind] = state.table(kind).nextId;
    records[kind] = state.table(kind).all();
  }
  return { format: FORMAT, version: 1, idStyle: state.idStyle, nextIds, records, settingsText: state.settingsText };
}

/** Reads and checks a state file; undefined when there is none. Throws StateFileError when it is corrupt. */
export function readSnapshot(file: string): StateSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new StateFileError(file, `not JSON (${error.message})`, { cause: error });
  }
  return checkSnapshot(file, value);
}

/** Puts a snapshot's records and settings into an empty state. */
export function restoreState(state: StandinState, snapshot: StateSnapshot): void {
  for (const kind of KIND_NAMES) {
    state.restore(kind, snapshot.records[kind] ?? [], snapshot.nextIds[kind] ?? 1);
  }
  state.settingsText = snapshot.settingsText;
}

/**
 * Writes the state file after changes, debounced, one write at a time; each write goes to a
 * temporary file renamed over the old one, so a crash never leaves half a file.
 */
export class StateWriter {
  private readonly file: string;
  private readonly snapshot: () => StateSnapshot;
  private readonly debounceMs: number;
  private dirty: boolean;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<void> = Promise.resolve();
  private failure: unknown;

  /** `dirty` says whether the file is behind the state already (true for a fresh seed). */
  constructor(file: string, snapshot: () => StateSnapshot, dirty: boolean, debounceMs = 25) {
    this.file = file;
    this.snapshot = snapshot;
    this.dirty = dirty;
    this.debounceMs = debounceMs;
  }

  /** Notes a change; the file is written shortly after. */
  schedule(): void {
    this.dirty = true;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.enqueue();
    }, this.debounceMs);
  }

  /** Writes any pending change now and waits for every write; rethrows a failed background write. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.enqueue();
    await this.queue;
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw new StateFileError(this.file, 'could not be written', { cause: failure });
    }
  }

  private enqueue(): void {
    if (!this.dirty) return;
    this.dirty = false;
    // The snapshot is taken when the write runs, so it includes changes made while waiting.
    this.queue = this.queue
      .then(() => this.write())
      .then(undefined, (error: unknown) => {
        // Kept for flush() to report: a background write has no caller to throw to.
        this.failure = error;
      });
  }

  private async write(): Promise<void> {
    const text = JSON.stringify(this.snapshot());
    const temporary = `${this.file}.${process.pid}.${++writes}.tmp`;
    await mkdir(dirname(this.file), { recursive: true });
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, this.file);
  }
}

function checkSnapshot(file: string, value: unknown): StateSnapshot {
  const fail = (problem: string): never => {
    throw new StateFileError(file, problem);
  };
  if (!isObject(value)) return fail('not a JSON object');
  if (value.format !== FORMAT || value.version !== 1) return fail(`not a version 1 ${FORMAT} file`);
  if (value.idStyle !== 'contract' && value.idStyle !== 'v2')
    return fail(`bad idStyle ${JSON.stringify(value.idStyle)}`);
  if (value.settingsText !== null && typeof value.settingsText !== 'string')
    return fail('settingsText is neither a string nor null');
  const { records, nextIds } = value;
  if (!isObject(records) || !isObject(nextIds)) return fail('records or nextIds missing');
  for (const [kind, next] of Object.entries(nextIds)) {
    if (!isKind(kind)) return fail(`unknown kind ${kind} in nextIds`);
    if (!(Number.isSafeInteger(next) && (next as number) >= 1))
      return fail(`nextIds.${kind} is not a positive integer`);
  }
  for (const [kind, list] of Object.entries(records)) {
    if (!isKind(kind)) return fail(`unknown kind ${kind} in records`);
    if (!Array.isArray(list)) return fail(`records.${kind} is not an array`);
    const seen = new Set<number>();
    for (const record of list as unknown[]) {
      const id = recordId(kind, record);
      if (id === undefined || id <= 0) return fail(`a ${kind} record has no positive id`);
      if (seen.has(id)) return fail(`${kind} id ${id} appears twice`);
      seen.add(id);
    }
  }
  return value as unknown as StateSnapshot;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
