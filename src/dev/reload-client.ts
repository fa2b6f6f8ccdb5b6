// Loaded by every page and widget of a dev build (`npm run dev`): reloads the document when a new
// build is in, and shows the build's problems over it until they are fixed, while the last good build
// keeps being served. Styled through the CSSOM, which the pages' CSP allows.
const OVERLAY = "countdown-dev-problems";

function showProblems(lines: string[]): void {
  document.getElementById(OVERLAY)?.remove();
  if (lines.length === 0) return;
  const overlay = document.createElement("div");
  overlay.id = OVERLAY;
  overlay.setAttribute("role", "alert");
  Object.assign(overlay.style, {
    position: "fixed",
    inset: "auto 0 0 0",
    maxHeight: "70%",
    overflow: "auto",
    zIndex: "2147483647",
    margin: "0",
    padding: "12px 16px",
    background: "#3b0d0c",
    color: "#ffe9e7",
    font: "13px/1.45 ui-monospace, Menlo, Consolas, monospace",
    whiteSpace: "pre-wrap",
    boxShadow: "0 -4px 16px rgb(0 0 0 / 40%)",
  });
  const heading = overlay.appendChild(document.createElement("strong"));
  heading.textContent = `The build failed: ${lines.length} problem(s). This is the last good build; fix the files and it reloads.\n`;
  for (const line of lines) overlay.appendChild(document.createElement("div")).textContent = line;
  document.body.appendChild(overlay);
}

const events = new EventSource(new URL("events", import.meta.url));
events.addEventListener("reload", () => location.reload());
events.addEventListener("problems", (event) =>
  showProblems(JSON.parse((event as MessageEvent<string>).data) as string[]),
);
