// `#live-data` (package.json "imports") is dist/live/countdowns.json, written by the build. Before the
// first build it does not exist; the live store checks its shape at run time either way.
declare module "#live-data" {
  const data: unknown;
  export default data;
}
