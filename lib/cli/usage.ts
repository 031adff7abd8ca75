/** The command line's help (`hints --help`): every command and its options, as lib/cli/hints.ts reads them. */
export const USAGE = `usage: npm run hints -- COMMAND [options]

commands:
  import FILE...   import instance, results or judge-score files (JSONL, JSON, CSV, Parquet)
                   --benchmark NAME  benchmark for files that do not name one
                   --json            print one JSON summary
                   --map F=SRC,...   read the file's field SRC as the field F a format wants (patch=gold_patch)
                   --model NAME, --selection S, --projection P  the run of records that do not say it
                   --replace         replace results or agent patches another import gave (else refused)
                   --experiment DIR  an experiment kit: runs filed under the policy their path names
  analyze FILE...  find identifiers and the selections that pick them (no database needed)
                   --json            one JSON object per instance
                   --repo PATH       exact mode: whole files from a checkout at the base commit
                                     (without it: from the repository store, HINTSCOPE_REPOS, where set)
                   --fallback-approximate  with --repo: an instance whose commit or file the
                                     checkout lacks is analysed from its hunks instead of failing
                   --map F=SRC,...   read fields as import --map does (also evidence and stats)
  evidence FILE... leak channels and per-identifier evidence (stated, test-facing, transcription; no database)
                   --json one line per instance; --repo PATH adds occurrences at the base commit
  stats FILE...    identifiers per benchmark and selection (SPEC §4); --json, --benchmark NAME;
                   --paper-subset: only instances where Doc2Feat and FEA both select something (Table 2)
  export           --set NAME [--version N] --out DIR [--include-flagged] [--csv] [--format native|parquet|hf]:
                   a published hint set (native: also the benchmark's own records, the curated hint in
                   the text their agents read as the task; --hint-field NAME: in a field NAME instead;
                   hf: the Hugging Face datasets layout, data/test-00000-of-00001.parquet and README.md)
                   --benchmark NAME --selection S --projection P --out DIR: a policy straight from the analysis
  experiment       export --benchmark B --policies defuse/declaration,none/none,official/official --out DIR
                   [--sets defuse-declaration=NAME,...]: the benchmark's records once per policy, for an
                   agent harness to run, and hintscope-kit.json; import the runs with the kit (found above
                   the files, or --experiment DIR) and each is filed under the policy its path names
  sets create NAME --benchmark B --selection S --projection P [--filter "language=python&review=accepted"]
  sets publish NAME | sets import FILE.jsonl [--name N]
  sets compare NAME [--from N] [--to M] [--with OTHER] [--json]: what changed between versions or sets
  report NAME      a research table: resolve-rates, policies, paired, judge, design, disclosure,
                   frontier, leaks (leak channels per benchmark), evidence-judge (evidence vs judge scores),
                   guesswork (agents' patches that named the tests' functions differently), rater-agreement
                   (curators against judges per attribute: κ with instance-clustered intervals, confusion)
                   --benchmark NAME, --json; paired: --first MODEL/SEL/PROJ --second MODEL/SEL/PROJ
  reanalyze        run the analysis again on stored instances (--benchmark NAME: one benchmark)
  repos            status [--benchmark NAME] [--json]: the repositories imported instances come from, and
                   what the store (HINTSCOPE_REPOS) holds of them; fetch [--benchmark NAME]: the missing
                   commits from HINTSCOPE_GIT_REMOTE, then analyse again; prune [--max-gb N]
  judge            the paper's LLM judge on an OpenAI-compatible endpoint: endpoint add|list, plan, run,
                   status, resume, stop; describe plan|run|list: descriptions a model writes where the
                   benchmark has none (\`hints judge\` for the options)
  subsets          import FILE --name NAME --benchmark B: an id list (JSON array, {"ids": […]}, or one id a
                   line) as a named subset, a facet of the list and a hint set's view; list [--json]
  comments         export [--benchmark NAME]: every comment thread on instances' lines as JSON Lines (stdout),
                   apart from any hint
  imports          list [--json]: the import history; take-back ID [--force]: delete every row that file added
                   (instances, runs, results, patches, scores, labels), audited; refused where curators
                   have worked on its instances unless --force
  runs             list [--benchmark NAME] [--json], delete ID (results, agent patches and verdicts too),
                   move ID --benchmark NAME (a run imported under the wrong benchmark); audited
  users            add NAME --role admin|curator|viewer (password prompted, or stdin), list [--json],
                   set-role NAME ROLE, disable NAME, enable NAME, password NAME
  worker           take queued jobs (uploads' analyses, judge runs) until stopped (Ctrl-C), beside the
                   servers of a PostgreSQL database (as many as wanted, on any machine); --threads N for
                   the analysis (default: every core); HINTSCOPE_SERVER_JOBS=0 on the servers leaves the
                   jobs to workers
  seed             import the project's demo data (labelled as demo) and make the demo accounts
                   (demo-admin, demo-curator), printing their passwords
  migrate          create or update the database schema

The database is DATABASE_URL (default: file:var/hintscope.db).`;
