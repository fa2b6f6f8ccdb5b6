// Links into a site's repository: the host's new-file page with a countdown file filled in, and its
// edit page, for GitHub and GitLab; none for a host whose pages are not known.
import { describe, expect, it } from "vitest";
import { editFileUrl, newFileUrl, repositoryHost } from "../../src/authoring/repository.ts";

describe("repository links", () => {
  const text = '---\ntitle: "Launch & more"\ntarget: "2031-05-14 09:30"\n---\n';

  it("open GitHub's new-file page with the name and text filled in, and its edit page", () => {
    const url = new URL(newFileUrl("https://github.com/you/countdowns", "main", "countdowns/launch.md", text)!);
    expect(url.origin + url.pathname).toBe("https://github.com/you/countdowns/new/main");
    expect(Object.fromEntries(url.searchParams)).toEqual({ filename: "countdowns/launch.md", value: text });
    expect(editFileUrl("https://github.com/you/countdowns", "release/1", "countdowns/launch.md")).toBe(
      "https://github.com/you/countdowns/edit/release/1/countdowns/launch.md",
    );
  });

  it("open GitLab's, on gitlab.com or a self-hosted GitLab", () => {
    const url = new URL(newFileUrl("https://gitlab.example.org/team/site", "main", "countdowns/launch.md", text)!);
    expect(url.origin + url.pathname).toBe("https://gitlab.example.org/team/site/-/new/main");
    expect(Object.fromEntries(url.searchParams)).toEqual({ file_name: "countdowns/launch.md", content: text });
    expect(editFileUrl("https://gitlab.com/team/site", "main", "countdowns/launch.md")).toBe(
      "https://gitlab.com/team/site/-/edit/main/countdowns/launch.md",
    );
  });

  it("are none for another host, or no repository", () => {
    expect(repositoryHost("https://codeberg.org/you/countdowns")).toBeUndefined();
    expect(newFileUrl("https://codeberg.org/you/countdowns", "main", "countdowns/a.md", text)).toBeUndefined();
    expect(editFileUrl("", "main", "countdowns/a.md")).toBeUndefined();
  });
});
