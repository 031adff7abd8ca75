-- Per instance and selection, the share of the gold patch's added code the hint rendered under each projection
-- transcribes (lib/evidence/solution-disclosure.ts): the frontier's spoiler axis, which tells Declaration + Doc
-- from Pro (issue 44). Filled by the research facts' version 2, made again for every analysed instance when the
-- database is opened (research-fact-rows.ts).
ALTER TABLE "SelectionFact" ADD COLUMN "disclosedName" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "SelectionFact" ADD COLUMN "disclosedDeclaration" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "SelectionFact" ADD COLUMN "disclosedDeclarationDoc" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "SelectionFact" ADD COLUMN "disclosedPro" DOUBLE PRECISION NOT NULL DEFAULT 0;
