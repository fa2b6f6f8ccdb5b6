// The one way a file read at once can say "not yet". The Node server and Netlify's functions read
// their files from the disk when asked; a Cloudflare Worker fetches them from its assets, which
// takes a turn of the event loop. It fetches what a request's path tells before answering (its pack,
// its slug's shard); for the rest (an image's fonts, health's checks) its readers throw `FileNotLoaded` for a file they have not
// fetched yet, everything on the way lets it through untouched (the live data's store, the fonts,
// the built files), and the Worker fetches the file and asks again (src/workers/asset-files.ts).
// Answers are made from the request, the clock and the files alone, so asking again is safe.

export class FileNotLoaded extends Error {
  override name = "FileNotLoaded";
  constructor(readonly file: string) {
    super(`${file} is not loaded yet`);
  }
}
