"use client";

import { useEffect, useState } from "react";

const KEY = "hintscope.curator";

/** The curator's name, asked once and remembered in this browser until accounts exist. */
export function useCuratorName(): [string | null, (name: string) => void] {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => setName(window.localStorage.getItem(KEY)), []);
  const remember = (value: string) => {
    window.localStorage.setItem(KEY, value.trim());
    setName(value.trim());
  };
  return [name, remember];
}
