import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import "./globals.css";

export const metadata: Metadata = {
  title: "Hintscope",
  description: "Audit the hints that coding benchmarks give to agents",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <header className="site">
          <Link href="/" className="brand">
            Hintscope
          </Link>
          <nav aria-label="Main">
            <Link href="/">Benchmarks</Link> · <Link href="/instances">Instances</Link> ·{" "}
            <Link href="/research">Research</Link> · <Link href="/hint-sets">Hint sets</Link> ·{" "}
            <Link href="/import">Import</Link>
          </nav>
          <ThemeToggle />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
