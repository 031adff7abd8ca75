import { type ListState, parseListState, unreadFiltersText } from "../../review/list-state";
import { AppError } from "../app-error";

/**
 * A list view that must be read whole: a hint set's view, a saved view, a decision over a view, an export.
 * Refuses (bad_request), naming each filter that could not be read and what it takes, where the list itself
 * shows such a view empty.
 */
export function viewState(search: string): ListState {
  const state = parseListState(new URLSearchParams(search));
  const unread = unreadFiltersText(state);
  if (unread) throw new AppError("bad_request", unread);
  return state;
}
