import { FIELDS, type FieldName, type FormValues } from './form-values.ts';

/** The fields a save carried, each with how many times it had been changed when it left. */
export type SentChanges = ReadonlyMap<FieldName, number>;

/**
 * What this window changed on the form since the server last acknowledged it, and what the
 * server's answers were then. A save sends only the changed fields' names; the server
 * keeps every other answer as it has it, and an answer whose other fields differ from what
 * the server said before brings in what another window saved.
 */
export class FormChanges {
  #edits = new Map<FieldName, number>();
  #server: FormValues;

  /** `server`: the answers the form opened from; `shown`, the values it shows, if they differ (kept from before a sign-in). */
  constructor(server: FormValues, shown: FormValues = server) {
    this.#server = server;
    for (const name of FIELDS) if (shown[name] !== server[name]) this.#edits.set(name, 1);
  }

  /** The school changed a field. */
  note(name: FieldName): void {
    this.#edits.set(name, (this.#edits.get(name) ?? 0) + 1);
  }

  /** What a save sends now. */
  take(): SentChanges {
    return new Map(this.#edits);
  }

  names(sent: SentChanges): FieldName[] {
    return [...sent.keys()];
  }

  /** The server kept the sent changes: those not changed again since are the server's now. */
  acknowledge(sent: SentChanges): void {
    for (const [name, count] of sent) if (this.#edits.get(name) === count) this.#edits.delete(name);
  }

  get pending(): boolean {
    return this.#edits.size > 0;
  }

  /**
   * The server's answers now, against what it said before: the fields another window changed
   * that this one has not, with their new values, for the form to show. The fields this
   * window sent or changed since are its own.
   */
  incoming(server: FormValues, shown: FormValues, sent: SentChanges = new Map()): Partial<FormValues> {
    const theirs: Partial<FormValues> = {};
    for (const name of FIELDS) {
      if (this.#edits.has(name) || sent.has(name)) continue;
      if (server[name] !== this.#server[name] && shown[name] !== server[name]) {
        (theirs as Record<string, unknown>)[name] = server[name];
      }
    }
    this.#server = server;
    return theirs;
  }

  /** The form now shows the server's answers and nothing else (after a completed save). */
  reset(server: FormValues): void {
    this.#edits.clear();
    this.#server = server;
  }
}
