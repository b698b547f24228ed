/** Why a form was not saved: every field's problem in one alert, read out when the form is refused. */

/** The problems, or nothing when there are none. */
export function NotSaved({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" class="sync-error">
      <p>
        <strong>Not saved: fix {problems.length === 1 ? 'this' : `these ${problems.length}`} first.</strong>
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
