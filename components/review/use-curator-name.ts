"use client";

import { useEffect, useState } from "react";

const KEY = "hintscope.curator";

/**
 * The curator's name, asked once and remembered in this browser until accounts exist: undefined while it
 * is being read, null when nobody has said it yet.
 */
export function useCuratorName(): [string | null | undefined, (name: string) => void] {
  const [name, setName] = useState<string | null | undefined>(undefined);
  useEffect(() => setName(window.localStorage.getItem(KEY)), []);
  const remember = (value: string) => {
    window.localStorage.setItem(KEY, value.trim());
    setName(value.trim());
  };
  return [name, remember];
}

/** The remembered name, read now: for handlers that may run before the hook's first effect. */
export function readCuratorName(): string | null {
  return window.localStorage.getItem(KEY);
}
