import Link from "next/link";

/** Any page, instance, hint set or version that does not exist. */
export default function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p>There is no such page, instance, hint set or version here.</p>
      <p>
        <Link href="/">Home</Link> · <Link href="/instances">Instances</Link> · <Link href="/hint-sets">Hint sets</Link>
      </p>
    </>
  );
}
