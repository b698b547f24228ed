/**
 * A new customer at the counter: a few fields, checked before anything is stored, then written
 * through the outbox, so it is kept when the till is offline and sent when it is back.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { isServerId } from '../../epos/ids.ts';
import type { Customer } from '../../epos/records.ts';
import { customerName } from '../../page/customer-match.ts';
import { isInvalidWrite, isStoreError } from '../../page/problem.ts';
import { isUnsentWrite } from '../../page/unsent-write.ts';
import type { WriteResult, Writer } from '../../page/writer.ts';
import type { BasketStorage } from '../../till/basket-storage.ts';
import { rememberCustomer } from '../../till/recent-customers.ts';
import { reportBug } from '../bug.ts';
import { OutcomeMessage, useLaterOutcome, type WriteOutcome, writeOutcome } from '../write-outcome.tsx';

/** Props of {@link CustomerForm}. */
export interface CustomerFormProps {
  writer: Pick<Writer, 'write'>;
  /** The back office's "Cashiers may create customers". */
  allowed: boolean;
  /** Closes the form (Cancel, Close). */
  onDone?: () => void;
  /** Where the customers this till knows are kept; localStorage unless given. */
  storage?: BasketStorage;
}

/** The fields the form asks for, by their V2 names. */
type Fields = Pick<Customer, 'Forename' | 'Surname' | 'EmailAddress' | 'ContactNumber' | 'BusinessName'>;
type Name = keyof Fields;
type Problems = Partial<Record<Name | 'save', string>>;

const LABELS: Record<Name, string> = {
  Forename: 'Forename',
  Surname: 'Surname',
  EmailAddress: 'Email',
  ContactNumber: 'Phone',
  BusinessName: 'Business name (optional)',
};
/** The on-screen keyboard each field wants (every one is a plain text box, so none is checked by the browser). */
const KEYBOARDS: Record<Name, 'text' | 'email' | 'tel'> = {
  Forename: 'text',
  Surname: 'text',
  EmailAddress: 'email',
  ContactNumber: 'tel',
  BusinessName: 'text',
};
const NAMES = Object.keys(LABELS) as Name[];
const EMPTY: Record<Name, string> = {
  Forename: '',
  Surname: '',
  EmailAddress: '',
  ContactNumber: '',
  BusinessName: '',
};

/** What is wrong with the typed fields; empty when they may be stored. */
export function checkCustomer(values: Record<Name, string>): Problems {
  const problems: Problems = {};
  if (!values.Forename.trim() && !values.Surname.trim() && !values.BusinessName.trim())
    problems.Forename = 'Enter a forename, a surname or a business name.';
  const email = values.EmailAddress.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.EmailAddress = 'Enter an email address like name@example.com, or leave it empty.';
  return problems;
}

/** The new-customer form, or why the till does not offer it. */
export function CustomerForm({ writer, allowed, onDone, storage }: CustomerFormProps) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<WriteOutcome | null>(null);
  // What the latest create sent: the customer it names once its id comes.
  const made = useRef<Partial<Fields>>({});
  // Made here, so found here offline too, once Epos Now has given it its id (at once, or when a
  // queued create lands while the form is open): a temporary id must not reach the till with a sale.
  const remember = (result: WriteResult): void => {
    if (result.state !== 'done' || !isServerId(result.recordId)) return;
    const { Forename = null, Surname = null, BusinessName = null, ContactNumber = null } = made.current;
    const name = customerName({ Forename, Surname, BusinessName });
    rememberCustomer({ id: result.recordId, name, phone: ContactNumber, card: null }, storage);
  };
  const later = useLaterOutcome((result) => {
    remember(result);
    setCreated(writeOutcome(result, 'Customer created'));
  });
  const first = useRef<HTMLInputElement>(null);
  const another = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The form and the "created" panel replace each other: focus goes to what replaced the control used.
  // On opening it goes to the first field (or Close, when there is no form), not left on the page.
  const refocus = useRef<typeof first | typeof another | typeof closeButton | null>(allowed ? first : closeButton);
  useEffect(() => {
    // Not before the replacement is on screen (an effect of an earlier render may run first).
    const target = refocus.current?.current;
    if (!target) return;
    target.focus();
    refocus.current = null;
  });

  const close = onDone ? (
    <button ref={closeButton} type="button" class="button" onClick={onDone}>
      {created || !allowed ? 'Close' : 'Cancel'}
    </button>
  ) : null;

  if (!allowed) {
    return (
      <section class="customer-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>New customer</h2>
        <p class="notice">A manager has turned off creating customers on the till (back office → Settings)</p>
        {close}
      </section>
    );
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    const found = checkCustomer(values);
    setProblems(found);
    const wrong = NAMES.find((name) => found[name]);
    if (wrong) {
      document.getElementById(`${id}-${wrong}`)?.focus();
      return;
    }
    // Only what was typed: an empty field is left for the server's default.
    const body: Partial<Fields> = {};
    for (const name of NAMES) if (values[name].trim()) body[name] = values[name].trim();
    setBusy(true);
    try {
      made.current = body;
      const result = await writer.write({ op: 'create', kind: 'Customer', body }, later());
      remember(result);
      setCreated(writeOutcome(result, 'Customer created'));
      setValues(EMPTY);
      refocus.current = another;
    } catch (error) {
      // The fields stay as typed, for another try; a StoreError says what to do, and so does a write a
      // till without storage could not send (nothing kept). Anything else is a bug.
      setProblems({
        save:
          isStoreError(error) || isInvalidWrite(error) || isUnsentWrite(error)
            ? `The customer was not saved: ${error.message}`
            : reportBug(error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="customer-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New customer</h2>
      <OutcomeMessage outcome={created} class="customer-created" />
      {created ? (
        <div class="customer-buttons">
          <button
            ref={another}
            type="button"
            class="button button-primary"
            onClick={() => {
              setCreated(null);
              refocus.current = first;
            }}
          >
            Add another
          </button>
          {close}
        </div>
      ) : (
        <form noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
          <div class="customer-fields">
            {NAMES.map((name) => (
              <div key={name} class="customer-field">
                <label for={`${id}-${name}`}>{LABELS[name]}</label>
                <input
                  ref={name === 'Forename' ? first : undefined}
                  id={`${id}-${name}`}
                  type="text"
                  inputMode={KEYBOARDS[name]}
                  // A shared till must not offer one customer's details to the next.
                  autocomplete="off"
                  value={values[name]}
                  aria-invalid={problems[name] ? true : undefined}
                  aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
                  onInput={(event) => {
                    const value = event.currentTarget.value;
                    setValues((before) => ({ ...before, [name]: value }));
                  }}
                />
                {problems[name] ? (
                  <p id={`${id}-${name}-problem`} class="field-problem">
                    {problems[name]}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
          {problems.save ? (
            <p role="alert" class="sync-error">
              {problems.save}
            </p>
          ) : null}
          <div class="customer-buttons">
            <button type="submit" class="button button-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Create customer'}
            </button>
            {close}
          </div>
        </form>
      )}
    </section>
  );
}
