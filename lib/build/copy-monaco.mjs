// Copies Monaco's browser build into public/ so the app serves the editor itself (no CDN, works offline).
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const source = path.join("node_modules", "monaco-editor", "min", "vs");
const target = path.join("public", "monaco", "vs");
if (!existsSync(source)) throw new Error(`${source} is missing: run npm install`);
rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true });
console.log(`Monaco copied to ${target}`);
