import { analysisModeText } from "@/lib/domain/analysis-mode";
import { DEFAULT_POLICY } from "@/lib/domain/hint-vocabulary";
import { composeHint, type HintSourceIdentifier } from "@/lib/hint/compose-hint";

/** The table lists this many identifiers at most (`hints analyze` prints them all). */
const TABLE_LIMIT = 500;

type IdentifierRow = HintSourceIdentifier & { id: number; side: string; status: string };

interface Props {
  identifiers: IdentifierRow[];
  analysisStatus: string;
  analysisError: string | null;
  approximate: boolean;
  approximateReason: string | null;
  unsupportedFiles: string[];
  interfaceText: string | null;
  requirements: string | null;
}

/** The analysis of an instance: its identifiers with the selections that pick them, and the DefUse Declaration hint. */
export function IdentifierTable({
  identifiers,
  analysisStatus,
  analysisError,
  approximate,
  approximateReason,
  unsupportedFiles,
  interfaceText,
  requirements,
}: Props) {
  if (analysisStatus === "pending") return <p className="muted">The identifier analysis has not run yet.</p>;
  if (analysisStatus === "error") return <p className="error">Not analysed: {analysisError}</p>;
  const hint = composeHint(
    { interfaceText, requirements, identifiers },
    DEFAULT_POLICY.selection,
    DEFAULT_POLICY.projection,
  );
  return (
    <>
      {approximate && (
        <p className="muted">
          Analysis: {analysisModeText(true, approximateReason)}. Changed files were seen through their hunks only, so a
          name defined elsewhere in them can look new.
        </p>
      )}
      {unsupportedFiles.length > 0 && (
        <p className="muted">Not analysed (language not supported): {unsupportedFiles.join(", ")}</p>
      )}
      <h3>DefUse hint (Declaration)</h3>
      {hint.selected.length === 0 ? (
        <p className="muted">DefUse selects nothing: the tests reference no name the patches introduce.</p>
      ) : (
        <figure aria-label="DefUse Declaration hint" style={{ margin: 0 }}>
          <pre className="text">{hint.text}</pre>
        </figure>
      )}
      <table aria-label="Identifiers">
        <thead>
          <tr>
            <th>Identifier</th>
            <th>Kind</th>
            <th>Defined in</th>
            <th>Status</th>
            <th>Signature</th>
            <th>Selections</th>
          </tr>
        </thead>
        <tbody>
          {identifiers.slice(0, TABLE_LIMIT).map((i) => (
            <tr key={i.id}>
              <td>
                <code>{i.name}</code>
              </td>
              <td>{i.kind}</td>
              <td>
                {i.side} · <code>{i.path}</code>
                {i.newFile && " (new file)"}
              </td>
              <td>{i.status}</td>
              <td style={{ whiteSpace: "pre-line" }}>{i.signature && <code>{i.signature}</code>}</td>
              <td>{i.policies.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {identifiers.length > TABLE_LIMIT && (
        <p className="muted">
          The first {TABLE_LIMIT} of {identifiers.length} identifiers; <code>npm run hints -- analyze</code> lists them
          all.
        </p>
      )}
    </>
  );
}
