/** Shown at once while an instance's review page is prepared on the server. */
export default function Loading() {
  return (
    <p className="muted" role="status">
      Loading the instance…
    </p>
  );
}
