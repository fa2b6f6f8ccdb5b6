// The script of the site's pages (not of the widget), loaded as a module so that its names never meet
// the inline ticker's globals: targets in the visitor's local time, the
// embed snippets' theme choice and Copy buttons. The live countdowns are the widget's ticker,
// inlined in each page as in every embed.

/** Every `<time data-local datetime="…Z">` shows its instant in the visitor's zone. */
const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "long" });
for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
  time.textContent = localFormat.format(new Date(time.dateTime));
}

/**
 * The snippets: `<code data-snippet="…{src}…">` with `{src}` replaced by the embed URL and the chosen
 * `?theme=`; the preview `<iframe data-preview>` follows the same choice.
 */
const embed = document.querySelector<HTMLElement>("[data-embed-src]");
function applyTheme(theme: string): void {
  if (!embed) return;
  const src = embed.dataset.embedSrc + (theme === "auto" ? "" : `?theme=${theme}`);
  for (const code of document.querySelectorAll<HTMLElement>("[data-snippet]")) code.textContent = code.dataset.snippet!.replace("{src}", src);
  const preview = document.querySelector<HTMLIFrameElement>("iframe[data-preview]");
  if (preview) preview.src = preview.dataset.preview + (theme === "auto" ? "" : `?theme=${theme}`);
}
for (const input of document.querySelectorAll<HTMLInputElement>('input[name="theme"]')) {
  input.addEventListener("change", () => input.checked && applyTheme(input.value));
}

/** `<button data-copy="id">` copies the text of the element with that id and says so. */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    const text = document.getElementById(button.dataset.copy!)?.textContent ?? "";
    const status = document.getElementById(`${button.dataset.copy}-status`);
    try {
      await navigator.clipboard.writeText(text);
      if (status) status.textContent = "Copied.";
    } catch {
      if (status) status.textContent = "Copying was not allowed: select the text and copy it by hand.";
    }
  });
}
