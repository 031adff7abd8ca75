"use client";

import { useRouter } from "next/navigation";
import { useNarrowToIds } from "@/components/instances/picked-rows";
import { InlineFailure } from "@/components/ui/inline-failure";
import { idsFitLink, type ListState, listStateToSearch, parseListState } from "@/lib/review/list-state";

/** The hint-set form, given a view of one benchmark's instances `ids`. */
const hintSetsOf = (benchmark: string, narrowed: Pick<ListState, "ids" | "pick">) =>
  `/hint-sets?filter=${encodeURIComponent(listStateToSearch({ ...parseListState({ benchmark }), ...narrowed }))}`;

/**
 * A way to the hint-set form with a view of these instances of a benchmark: a link while the ids fit one; else
 * the ids are kept on the server as a pick first (a link of several hundred ids is refused with 431).
 */
export function HintSetOfIds({
  benchmark,
  ids,
  children,
}: {
  benchmark: string;
  ids: string[];
  children: React.ReactNode;
}) {
  const router = useRouter();
  const { narrow, pending, failure } = useNarrowToIds((narrowed) => router.push(hintSetsOf(benchmark, narrowed)));
  if (idsFitLink(ids)) return <a href={hintSetsOf(benchmark, { ids, pick: null })}>{children}</a>;
  return (
    <>
      <button type="button" className="link-button" disabled={pending} onClick={() => narrow(ids, () => {})}>
        {pending ? "keeping the instances…" : children}
      </button>
      <InlineFailure failure={failure} />
    </>
  );
}
