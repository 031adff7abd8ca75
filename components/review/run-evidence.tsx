import type { ReviewData } from "@/lib/server/hints/review-instance";

/** What the runs did with this instance: each run's outcome, and the guesswork seen in the agents' patches. */
export function RunEvidence({ data }: { data: ReviewData }) {
  return (
    <>
      <h3>Outcomes</h3>
      {data.outcomes.length === 0 ? (
        <p className="muted">No run has a result for this instance.</p>
      ) : (
        <table aria-label="Outcomes">
          <tbody>
            {data.outcomes.map((o) => (
              <tr key={`${o.model}/${o.selection}/${o.projection}`}>
                <td>{o.model}</td>
                <td>
                  {o.selection} × {o.projection}
                </td>
                <td>{o.resolved ? "resolved" : (o.status ?? "unresolved")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.agentPatches.some((p) => p.observed.length > 0) && (
        <>
          <h3>Observed guesswork</h3>
          <ul className="observed" aria-label="Observed guesswork">
            {data.agentPatches.flatMap((p) =>
              p.observed.map((o) => (
                <li key={`${p.model}\u0000${p.selection}\u0000${o.name}`}>
                  {p.model}:{" "}
                  {o.definedByAgent ? (
                    <>
                      defines <code>{o.name}</code> as the tests call it
                    </>
                  ) : o.namedDifferently ? (
                    <strong>
                      named <code>{o.name}</code> differently: <code>{o.namedDifferently.name}</code> in{" "}
                      {o.namedDifferently.path}
                    </strong>
                  ) : (
                    <>
                      does not define <code>{o.name}</code>
                    </>
                  )}
                </li>
              )),
            )}
          </ul>
        </>
      )}
    </>
  );
}
