import { describe, expect, it } from "vitest";
import { actionResult } from "./decide-action";

// The answers below are the server's own bytes, cut from the fresh-clone CI run of 10496b6 (e2e/two-servers):
// the failure shape `{ok:false, code, error}` puts `conflict` first, which a reader matching `{"ok":` missed.
const CONFLICT =
  '0:{"a":"$@1","q":"","i":false,"b":"oPN8doUZuWcOLVtAYv4no"}\n1:{"conflict":{"curator":"ada","action":"accept","at":"2026-12-04T11:01:47.492Z","status":"accepted","version":1},"ok":false,"code":"conflict","error":"ada already decided this hint (accept, now accepted): nothing saved; reload to see theirs"}\n';

describe("actionResult", () => {
  it("finds the result chunk whatever order its keys come in", () => {
    expect(actionResult(CONFLICT)).toMatchObject({ ok: false, conflict: { version: 1 } });
    expect(actionResult('0:{"a":"$@1"}\n1:{"ok":true,"version":3}\n')).toEqual({ ok: true, version: 3 });
  });

  it("answers null when no chunk is a result (an error page, a redirect's empty answer)", () => {
    expect(actionResult('0:{"a":"$@1"}\n1:"$undefined"\n')).toBeNull();
    expect(actionResult("<!DOCTYPE html><html>Internal Server Error</html>")).toBeNull();
  });
});
