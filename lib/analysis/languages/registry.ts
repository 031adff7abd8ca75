// Every language the analysis reads, one module each (lib/analysis/languages/<name>/index.ts). Adding a
// language is one folder implementing LanguageModule (language.ts) and one line here.
import { c } from "./c";
import { cpp } from "./cpp";
import { csharp } from "./csharp";
import { go } from "./go";
import { java } from "./java";
import { javascript } from "./javascript";
import type { LanguageModule } from "./language";
import { php } from "./php";
import { python } from "./python";
import { ruby } from "./ruby";
import { rust } from "./rust";
import { typescript } from "./typescript";

export const LANGUAGES: readonly LanguageModule[] = [
  python,
  java,
  go,
  javascript,
  typescript,
  rust,
  c,
  cpp,
  ruby,
  php,
  csharp,
];
