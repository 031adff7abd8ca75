"use client";

import { useState, useTransition } from "react";
import { type Keymap, REMAPPABLE } from "@/lib/review/keymap";
import { saveKeymapAction } from "@/lib/server/actions/keymap";

/** A map's own entry (a pasted map may name `constructor`: no inherited member answers for it). */
const ownKey = (map: Readonly<Record<string, string>>, key: string) => (Object.hasOwn(map, key) ? map[key] : undefined);

/** One input per shortcut; Save; the map as JSON to copy, or to paste from elsewhere. */
export function KeymapEditor({ initial }: { initial: Keymap }) {
  const [keys, setKeys] = useState<Record<string, string>>(
    Object.fromEntries(REMAPPABLE.map(([key]) => [key, ownKey(initial, key) ?? key])),
  );
  const [json, setJson] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const save = (map: Record<string, string>) =>
    start(async () => {
      const result = await saveKeymapAction({ keymap: map });
      setMessage({ ok: result.ok, text: result.ok ? result.message : result.error });
    });
  const changed = Object.fromEntries(Object.entries(keys).filter(([from, to]) => from !== to));
  return (
    <>
      <form
        aria-label="Your keys"
        onSubmit={(event) => {
          event.preventDefault();
          save(keys);
        }}
      >
        <table>
          <thead>
            <tr>
              <th>Shortcut</th>
              <th>Default</th>
              <th>Your key</th>
            </tr>
          </thead>
          <tbody>
            {REMAPPABLE.map(([key, does]) => (
              <tr key={key}>
                <td>{does}</td>
                <td>
                  <kbd>{key}</kbd>
                </td>
                <td>
                  <input
                    aria-label={`Key for: ${does}`}
                    value={ownKey(keys, key) ?? key}
                    maxLength={1}
                    size={2}
                    onChange={(e) => setKeys({ ...keys, [key]: e.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" disabled={pending}>
          Save my keys
        </button>
      </form>
      <h2>As JSON</h2>
      <pre className="text" data-testid="keymap json">
        {JSON.stringify(changed)}
      </pre>
      <label>
        Paste a keymap{" "}
        <textarea aria-label="Keymap to import" value={json} onChange={(e) => setJson(e.target.value)} rows={2} />
      </label>{" "}
      <button
        type="button"
        disabled={pending || json.trim() === ""}
        onClick={() => {
          try {
            const map = JSON.parse(json) as Record<string, string>;
            setKeys(Object.fromEntries(REMAPPABLE.map(([key]) => [key, ownKey(map, key) ?? key])));
            save(map);
          } catch {
            setMessage({ ok: false, text: 'not JSON: paste a map such as {"a": "y"}' });
          }
        }}
      >
        Import
      </button>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
    </>
  );
}
