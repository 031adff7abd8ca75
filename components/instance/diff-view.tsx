function lineKind(line: string): string {
  if (line.startsWith("+++") || line.startsWith("---")) return "meta";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  if (line.startsWith("@@")) return "hunk";
  return "ctx";
}

/** A unified diff as plain text, with added, removed and hunk-header lines coloured. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = diff
    .replace(/\n$/, "")
    .split("\n")
    .map((text, number) => ({ text, key: `${number}` }));
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <pre className="diff">
        {lines.map((line) => (
          <span key={line.key} className={lineKind(line.text)}>
            {line.text || " "}
          </span>
        ))}
      </pre>
    </figure>
  );
}
