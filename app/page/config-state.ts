/**
 * The app's configuration as the page holds it: the stored document first (so an offline till
 * starts configured), then the server's, fetched at start and whenever the catalog is refreshed.
 * Saving goes through the outbox, so it is kept offline and sent when the API can be reached;
 * other open pages hear of it at once.
 */
import { type AppConfig, type ConfigReading, foreignReason, readConfig, writeConfig } from '../epos/app-config.ts';
import type { EposClient, SettingsAnswer } from '../epos/client.ts';
import type { PageChannel, WorkerMessage } from '../store/channel.ts';
import type { TillDb } from '../store/db.ts';
import { keepServerSettings, loadSettingsDocument } from '../store/settings-cache.ts';
import type { SharedMarks } from './lock-marks.ts';
import type { Problem } from './problem.ts';
import { createHolder, type Subscribable } from './subscribable.ts';
import type { WriteOptions, WriteResult, Writer } from './writer.ts';

/** What the screens read. */
export interface ConfigView extends ConfigReading {
  /** The document as stored (what a raw view shows, and what a save is laid over). */
  document: unknown;
  /** Where `document` came from. */
  source: 'none' | 'stored' | 'server';
  /**
   * Why the last fetch (`settings-unfetchable`: offline with nothing stored, a refused token...)
   * or read of the stored document failed; the view keeps what it had. Null after a success.
   */
  error: Problem<'settings-unfetchable' | 'settings-unreadable'> | null;
  /**
   * The last document Epos Now sent that is not this app's (an array, another app's object,
   * plain text) while the till had one that is, which stays in use; null once a usable one came.
   */
  rejected: { document: unknown; problem: string } | null;
}

/** The page's configuration. */
export interface ConfigState extends Subscribable<ConfigView> {
  /** Fetches the server's document (through the worker, which falls back to the stored one). */
  refresh(): Promise<void>;
  /** Saves a configuration, keeping keys this app does not know; `onSettled` as in {@link WriteOptions}. */
  save(config: AppConfig, options?: Pick<WriteOptions, 'onSettled'>): Promise<WriteResult>;
  /** Saves a whole document as typed (the raw JSON view). */
  saveDocument(document: unknown, options?: Pick<WriteOptions, 'onSettled'>): Promise<WriteResult>;
  close(): void;
}

/** What the configuration needs. */
export interface ConfigDeps {
  db: TillDb;
  /** Undefined while the page has no API context. */
  client: Pick<EposClient, 'getSettings'> | undefined;
  writer: Pick<Writer, 'write'>;
  /** The page's channel (the caller's to close). */
  channel: PageChannel;
  now(): number;
  /**
   * Runs `task` holding the named lock, shared by the till's pages (Web Locks); without it, pages
   * do not take turns.
   */
  withLock?<T>(name: string, task: () => Promise<T>): Promise<T>;
  /**
   * Where the till's pages note which pull's settings one of them asked for (Web Locks' state,
   * which every page reads alike at once); without it, each page asks for itself.
   */
  marks?: SharedMarks;
}

/** The lock the till's pages take turns under to ask for the settings after a pull. */
const SETTINGS_LOCK = 'epos-till-settings-fetch';

/** Reads the stored document, then the server's, and follows other pages' saves. */
export function createConfigState(deps: ConfigDeps): ConfigState {
  const { channel } = deps;
  const holder = createHolder<ConfigView>({
    ...readConfig(null),
    document: null,
    source: 'none',
    error: null,
    rejected: null,
  });
  let reads: Promise<void> = Promise.resolve();

  const update = (change: Partial<ConfigView>): void => holder.set({ ...holder.get(), ...change });
  const show = (document: unknown, source: ConfigView['source'], rejected = holder.get().rejected): void =>
    update({ ...readConfig(document), document, source, error: null, rejected });

  async function readStored(): Promise<void> {
    const stored = await loadSettingsDocument(deps.db);
    if (stored) show(stored.document, 'stored');
  }

  async function fetchServer(): Promise<void> {
    if (!deps.client) return;
    let answer: SettingsAnswer;
    const askedAt = deps.now();
    try {
      answer = await deps.client.getSettings();
    } catch (error) {
      // Offline with nothing stored, a refused token...: the stored document stays in use.
      update({ error: { code: 'settings-unfetchable', cause: error } });
      return;
    }
    // It answered: an earlier failure no longer applies, whatever is shown next.
    if (holder.get().error !== null) update({ error: null });
    const { document, storedAt } = answer;
    // The worker answered from this till's storage (Epos Now unreachable): that is the stored
    // copy, not news from Epos Now, and is shown as such.
    if (storedAt !== null) return readStored();
    // A save made here and not yet sent is newer than the server's copy: it stays.
    if (document !== null && (await keepServerSettings(deps.db, document, deps.now(), askedAt)))
      return show(document, 'server', null);
    await readStored();
    // Not kept for being foreign while the stored one is not: the stored one stays in use, and the back office says why.
    const problem = foreignReason(document);
    update({
      rejected: problem !== null && foreignReason(holder.get().document) === null ? { document, problem } : null,
    });
  }

  async function keepLanded(document: unknown): Promise<void> {
    if (await keepServerSettings(deps.db, document, deps.now())) show(document, 'server', null);
  }

  /**
   * After a pull, every open page of the till hears the same 'catalog-changed': the first to get
   * the lock asks Epos Now and notes the pull, and the others find it noted and read what it
   * stored (one request a pull, however many pages are open).
   */
  async function fetchAfterPull(pull: number | undefined): Promise<void> {
    const fetchUnlessAsked = async (): Promise<void> => {
      if (pull !== undefined && (await deps.marks?.has(String(pull)))) return readStored();
      await fetchServer();
      if (pull !== undefined) await deps.marks?.note(String(pull));
    };
    return deps.withLock ? deps.withLock(SETTINGS_LOCK, fetchUnlessAsked) : fetchUnlessAsked();
  }

  // One read at a time, in order: a slow fetch cannot overwrite a save made after it began.
  const enqueue = (step: () => Promise<void>): Promise<void> => {
    reads = reads.then(step).catch((error: unknown) => {
      update({ error: { code: 'settings-unreadable', cause: error } });
    });
    return reads;
  };

  /**
   * `base` is the document the save was laid over: Epos Now gets only the keys that differ from
   * it, over the document as it has it by then (app/epos/merged-write.ts).
   */
  async function saveDocument(
    document: unknown,
    options: Pick<WriteOptions, 'onSettled'> = {},
    base: unknown = holder.get().document,
  ): Promise<WriteResult> {
    // Shown here and announced to other pages as soon as it is stored, not when Epos Now answers.
    let told: Promise<void> | undefined;
    const stored = (): Promise<void> =>
      // A save made here goes to Epos Now in place of what it sent: its rejection no longer stands.
      (told ??= enqueue(async () => show(document, 'stored', null)).then(() => {
        const message: WorkerMessage = { type: 'settings-changed' };
        channel.postMessage(message);
      }));
    const result = await deps.writer.write(
      { op: 'save', document, base },
      { ...options, onStored: () => void stored() },
    );
    await stored();
    return result;
  }

  const onMessage = (event: Event): void => {
    const message = (event as MessageEvent<WorkerMessage>).data;
    if (message?.type === 'settings-changed') void enqueue(readStored);
    // A save landed, merged with what other back offices saved meanwhile: their keys show here too.
    else if (message?.type === 'write-landed' && message.target === 'settings' && message.answer !== undefined)
      void enqueue(() => keepLanded(message.answer));
    // A finished pull means the API is reachable: a good moment to look for new settings.
    else if (message?.type === 'catalog-changed') void enqueue(() => fetchAfterPull(message.pull));
  };
  channel.addEventListener('message', onMessage);
  void enqueue(readStored).then(() => enqueue(fetchServer));

  return {
    get: holder.get,
    subscribe: holder.subscribe,
    refresh: () => enqueue(fetchServer),
    save: (config, options) => {
      const { document, config: shown } = holder.get();
      // The base as the form read it: the defaults it showed for keys not saved yet count as
      // unchanged, so two back offices' first saves do not both claim them.
      return saveDocument(writeConfig(config, document), options, writeConfig(shown, document));
    },
    saveDocument: (document, options) => saveDocument(document, options),
    close: () => channel.removeEventListener('message', onMessage),
  };
}
