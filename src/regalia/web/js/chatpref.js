// "I don't want chat" on the settings page (PUT /api/players/me/chat): with it, the server
// sends this player no chat lines and refuses theirs (open tables: from their next visit).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { notifyCall } from "./pwa.js";

export async function chatSection(say) {
  const section = h("section", { class: "settings-chat" }, h("h2", {}, t("Chat")));
  const mine = await notifyCall("GET", "/api/players/me/chat");
  const box = h("input", { type: "checkbox", name: "chat-off", checked: !mine.on });
  box.addEventListener("change", async () => {
    try {
      await notifyCall("PUT", "/api/players/me/chat", { on: !box.checked });
      say(t("Saved."));
    } catch (err) {
      box.checked = !box.checked;
      say(err.message);
    }
  });
  section.append(h("label", { class: "settings-row" }, box, " ",
    t("I don't want chat: show me no chat lines at any table, and let me write none")));
  return section;
}
