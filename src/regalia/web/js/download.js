// A link that saves a text (a game record) as a file.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function downloadLink(text, filename, label = t("Download the record")) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  return h("a", { href: url, download: filename, class: "download" }, label);
}
