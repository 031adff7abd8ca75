"use client";

import { useEffect, useState } from "react";

type Theme = "light" | "dark";
const KEY = "hintscope.theme";

/** Light and dark themes; the choice is remembered, and the system's preference is the default. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => {
    const stored = window.localStorage.getItem(KEY) as Theme | null;
    setTheme(stored ?? (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
  }, []);
  useEffect(() => {
    if (!theme) return;
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  if (!theme) return null;
  const other: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => {
        window.localStorage.setItem(KEY, other);
        setTheme(other);
      }}
    >
      {other === "dark" ? "Dark theme" : "Light theme"}
    </button>
  );
}
