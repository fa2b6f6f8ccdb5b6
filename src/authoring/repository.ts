// Links into the repository a site's countdowns live in (the site file's `repository` and `branch`,
// or Netlify's REPOSITORY_URL): the host's page that creates a file with its name and text filled in,
// and the page that edits one. GitHub, and GitLab (any host whose name says gitlab); none for others.

type RepositoryHost = "github" | "gitlab";

/** Which host's pages a repository address has ("https://github.com/you/countdowns"), if a known one. */
export function repositoryHost(repository: string): RepositoryHost | undefined {
  if (!repository) return undefined;
  const host = new URL(repository).hostname;
  if (host === "github.com") return "github";
  if (/(^|\.)gitlab\./.test(host)) return "gitlab";
  return undefined;
}

const encodedPath = (file: string) => file.split("/").map(encodeURIComponent).join("/");

/**
 * The host's "new file" page with the file's path and text filled in: GitHub's
 * `/new/<branch>?filename=&value=`, GitLab's `/-/new/<branch>?file_name=&content=`.
 */
export function newFileUrl(repository: string, branch: string, file: string, text: string): string | undefined {
  const host = repositoryHost(repository);
  if (host === "github")
    return `${repository}/new/${encodedPath(branch)}?${new URLSearchParams({ filename: file, value: text })}`;
  if (host === "gitlab")
    return `${repository}/-/new/${encodedPath(branch)}?${new URLSearchParams({ file_name: file, content: text })}`;
  return undefined;
}

/** The host's page that edits a file: GitHub's `/edit/<branch>/<file>`, GitLab's `/-/edit/<branch>/<file>`. */
export function editFileUrl(repository: string, branch: string, file: string): string | undefined {
  const host = repositoryHost(repository);
  if (host === "github") return `${repository}/edit/${encodedPath(branch)}/${encodedPath(file)}`;
  if (host === "gitlab") return `${repository}/-/edit/${encodedPath(branch)}/${encodedPath(file)}`;
  return undefined;
}
