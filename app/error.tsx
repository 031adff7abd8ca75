"use client";

import Link from "next/link";

/** What a page shows when something went wrong on the server: a sentence and a way on, never a blank page. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <>
      <h1>Something went wrong</h1>
      <p role="alert">
        This page could not be shown{error.digest ? ` (error ${error.digest}, in the server's log)` : ""}.
      </p>
      <p>
        <button type="button" onClick={reset}>
          Try again
        </button>{" "}
        · <Link href="/">Home</Link>
      </p>
    </>
  );
}
