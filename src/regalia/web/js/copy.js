// A button that copies a text (an invite link) to the clipboard, with a fallback.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function copyButton(text, label = t("Copy")) {
  const button = h("button", { type: "button", class: "copy", "data-copy": text }, label);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = h("textarea", {}, text);
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    button.textContent = t("Copied");
    setTimeout(() => { button.textContent = label; }, 1500);
  });
  return button;
}
