// Deleting one's account, from the header's account controls: a form on the page that first
// offers the player's data (GET /api/players/me/export, saved as a JSON file) and deletes only
// once the player typed their own name (DELETE /api/players/me). The games stay, under the name
// "deleted player"; the browser forgets the key.

import { h } from "./dom.js";
import { deleteMe, exportMyData } from "./api.js";
import { currentPlayer, forgetPlayer } from "./store.js";
import { t } from "./i18n.js";

/** Save the player's data as `regalia-<name>.json`. */
async function download(player) {
  const data = await exportMyData();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: `regalia-${player.id}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The confirmation form; `submitting(form, error, work)` is the account bar's. */
export function deleteForm({ onDone, onCancel, submitting, errorLine, cancelButton }) {
  const player = currentPlayer();
  const confirm = h("input", {
    type: "text", name: "confirm-name", required: true, autocomplete: "off",
    placeholder: player.name, "aria-label": t("type your name to confirm"),
  });
  const error = errorLine();
  const save = h("button", { type: "button", class: "download-data" }, t("Download my data"));
  save.addEventListener("click", async () => {
    error.textContent = "";
    try {
      await download(player);
    } catch (err) {
      error.textContent = err.message;
    }
  });
  const form = h("form", { class: "account-form delete-form" },
    h("p", {}, t("Deleting your account cannot be undone. Your games stay, under the name “deleted player”; your e-mail, password, keys and notifications are erased.")),
    h("div", { class: "account-form-row" }, save),
    h("p", {}, t("Type your name, {0}, to confirm:", player.name)),
    h("div", { class: "account-form-row" }, confirm,
      h("button", { type: "submit", class: "danger" }, t("Delete my account")), cancelButton(onCancel)),
    error);
  submitting(form, error, async () => {
    if (confirm.value.trim() !== player.name) throw new Error(t("The name you typed is not {0}.", player.name));
    await deleteMe();
    forgetPlayer();
    onDone();
  });
  return { form, input: confirm, error };
}
