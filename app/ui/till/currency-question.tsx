/**
 * The shop's currency changed under a sale in progress (a manager's save, or a reload after one):
 * the cashier decides whether the sale carries on as it began or a new one starts.
 */

/** Props of {@link CurrencyQuestion}. */
export interface CurrencyQuestionProps {
  question: { from: string; to: string } | null;
  onKeep(): void;
  onNew(): void;
}

/** The question with its two answers; nothing when there is none. */
export function CurrencyQuestion({ question, onKeep, onNew }: CurrencyQuestionProps) {
  if (!question) return null;
  const { from, to } = question;
  return (
    <div role="alert" class="till-alert">
      <p>
        The shop’s currency changed from {from} to {to}. This sale is still in {from}.
      </p>
      <button type="button" class="button" onClick={onNew}>
        Start a new sale in {to}
      </button>{' '}
      <button type="button" class="button" onClick={onKeep}>
        Keep this sale in {from}
      </button>
    </div>
  );
}
