import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AccountMenu } from "@/components/account/account-menu";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/server/auth/request-user";
import "./globals.css";

export const metadata: Metadata = {
  title: "Hintscope",
  description: "Audit the hints that coding benchmarks give to agents",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const admin = user !== null && hasRole(user.role, "admin");
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <a href="#main" className="skip-link">
          Skip to the content
        </a>
        <header className="site">
          <Link href="/" className="brand">
            Hintscope
          </Link>
          {user && (
            <nav aria-label="Main">
              <Link href="/">Benchmarks</Link> · <Link href="/instances">Instances</Link> ·{" "}
              <Link href="/research">Research</Link> · <Link href="/hint-sets">Hint sets</Link> ·{" "}
              <Link href="/rounds">Review rounds</Link>
              {admin && (
                <>
                  {" "}
                  · <Link href="/import">Import</Link> ·{" "}
                  <details className="admin-menu">
                    <summary>Admin</summary>
                    <ul>
                      <li>
                        <Link href="/admin/users">Users</Link>
                      </li>
                      <li>
                        <Link href="/admin/runs">Runs and imports</Link>
                      </li>
                      <li>
                        <Link href="/admin/repositories">Repositories</Link>
                      </li>
                      <li>
                        <Link href="/admin/judge">Judge</Link>
                      </li>
                    </ul>
                  </details>
                </>
              )}
            </nav>
          )}
          <ThemeToggle />
          {user && <AccountMenu user={user} />}
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}
