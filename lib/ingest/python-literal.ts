import { setOwn } from "../domain/own-keys";

/** A value written as a Python literal (the repr of a list, dict, string, number, bool or None). */
export type PythonValue = string | number | boolean | null | PythonValue[] | { [key: string]: PythonValue };

/** Parses a Python repr such as `['a', "b"]` or `{'sha': 'abc', 'n': 1}`; throws on anything else. */
export function parsePythonLiteral(text: string): PythonValue {
  const parser = new LiteralParser(text);
  const value = parser.value();
  parser.end();
  return value;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };

class LiteralParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  end(): void {
    this.skipSpace();
    if (this.pos < this.text.length) this.fail("unexpected text after the value");
  }

  value(): PythonValue {
    this.skipSpace();
    const ch = this.text[this.pos];
    if (ch === "[" || ch === "(") return this.sequence(ch === "[" ? "]" : ")");
    if (ch === "{") return this.dict();
    if (ch === "'" || ch === '"') return this.string();
    return this.atom();
  }

  private sequence(close: string): PythonValue[] {
    this.pos++;
    const items: PythonValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === close) {
        this.pos++;
        return items;
      }
      items.push(this.value());
      this.skipSpace();
      if (this.text[this.pos] === ",") this.pos++;
      else if (this.text[this.pos] !== close) this.fail(`expected "," or "${close}"`);
    }
  }

  private dict(): { [key: string]: PythonValue } {
    this.pos++;
    const out: { [key: string]: PythonValue } = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === "}") {
        this.pos++;
        return out;
      }
      const key = this.value();
      this.skipSpace();
      if (this.text[this.pos] !== ":") this.fail('expected ":"');
      this.pos++;
      setOwn(out, String(key), this.value());
      this.skipSpace();
      if (this.text[this.pos] === ",") this.pos++;
      else if (this.text[this.pos] !== "}") this.fail('expected "," or "}"');
    }
  }

  private string(): string {
    const quote = this.text[this.pos] as string;
    const triple = this.text.startsWith(quote.repeat(3), this.pos);
    const close = triple ? quote.repeat(3) : quote;
    this.pos += close.length;
    let out = "";
    while (this.pos < this.text.length) {
      if (this.text.startsWith(close, this.pos)) {
        this.pos += close.length;
        return out;
      }
      const ch = this.text[this.pos] as string;
      if (ch === "\\") {
        const next = this.text[this.pos + 1] ?? "";
        if (next === "x" || next === "u") {
          const len = next === "x" ? 2 : 4;
          const hex = this.text.slice(this.pos + 2, this.pos + 2 + len);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) this.fail("bad escape");
          out += String.fromCharCode(Number.parseInt(hex, 16));
          this.pos += 2 + len;
          continue;
        }
        out += ESCAPES[next] ?? `\\${next}`;
        this.pos += 2;
        continue;
      }
      out += ch;
      this.pos++;
    }
    return this.fail("unterminated string");
  }

  private atom(): PythonValue {
    const match = /^(True|False|None|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(this.text.slice(this.pos, this.pos + 40));
    if (!match?.[1]) return this.fail("expected a value");
    this.pos += match[1].length;
    if (match[1] === "True") return true;
    if (match[1] === "False") return false;
    if (match[1] === "None") return null;
    return Number(match[1]);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }

  private fail(message: string): never {
    throw new Error(`${message} at character ${this.pos + 1} of a Python literal`);
  }
}
