// Asking a player's name before they sit down (an invite link, an open seat, "Play now"):
// a small form, inline or in a dialog, never prompt(). The name is remembered (store.js). A
// signed-in player is not asked: their seats take their player's name.

import { h } from "./dom.js";
import { currentPlayer, playerName, setPlayerName } from "./store.js";
import { t } from "./i18n.js";

/** A form: `intro`, a name box and a `label` button; `onName(name)` once one is given. */
export function nameForm(intro, label, onName, onCancel = null) {
  const input = h("input", {
    type: "text", name: "name", maxlength: 40, required: true, autocomplete: "nickname",
    placeholder: t("Your name"), "aria-label": t("your name"), value: playerName(),
  });
  const form = h("form", { class: "name-form" },
    h("p", {}, intro),
    h("div", { class: "name-form-row" }, input,
      h("button", { type: "submit", class: "primary" }, label),
      onCancel ? h("button", { type: "button", class: "cancel", onclick: onCancel }, t("Cancel")) : null));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    setPlayerName(name);
    onName(name);
  });
  return { form, input };
}

/** The signed-in player's name, the remembered name, or one asked for in a dialog; null when
 * the player cancels. */
export function ensureName(intro, label) {
  const player = currentPlayer();
  if (player) return Promise.resolve(player.name);
  const known = playerName();
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "name-dialog", "aria-label": t("your name") });
    let done = false;
    const finish = (name) => {
      if (done) return;
      done = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(name);
    };
    const { form, input } = nameForm(intro, label, finish, () => finish(null));
    dialog.append(form);
    dialog.addEventListener("close", () => finish(null)); // Escape
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}
