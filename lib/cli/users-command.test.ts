import { expect, test } from "vitest";
import { type Typed, typeKeys } from "./users-command";

const start: Typed = { state: "typing", value: "" };
const type = (...inputs: string[]) => inputs.reduce(typeKeys, start);

test("a hidden answer: typed in pieces, ended by Enter", () => {
  expect(type("hun", "ter2")).toEqual({ state: "typing", value: "hunter2" });
  expect(type("hunter2\r")).toEqual({ state: "done", value: "hunter2" });
  expect(type("a long ", "passphrase\n", "ignored")).toEqual({ state: "done", value: "a long passphrase" });
});

test("Backspace takes back the last character (DEL or BS, a whole character however many bytes)", () => {
  expect(type("abcd\u007f\u007fx\r")).toEqual({ state: "done", value: "abx" });
  expect(type("é\b\r")).toEqual({ state: "done", value: "" });
  expect(type("\u007f\u007fok\r")).toEqual({ state: "done", value: "ok" });
  expect(type("mot de passe 🔑\u007f\r")).toEqual({ state: "done", value: "mot de passe " });
});

test("Ctrl-C or Ctrl-D abandons it; other control characters are not part of it", () => {
  expect(type("secret\u0003")).toEqual({ state: "abandoned", value: "" });
  expect(type("secret\u0004")).toEqual({ state: "abandoned", value: "" });
  expect(type("se\u001bcr\tet\r")).toEqual({ state: "done", value: "secret" });
});
