/** A failure said beside the control that met it (read out at once: role alert); nothing while there is none. */
export function InlineFailure({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <span role="alert" className="error">
      {" "}
      {failure}
    </span>
  );
}
