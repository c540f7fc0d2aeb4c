// Moderation in the page. `mountSanctionNotice` tells a signed-in player what moderators did
// about them (a mute or ban in force, a warning of the last 30 days) with its reason and end.
// The moderation page (#/moderation, for moderators and admins) is the queue of reports, each
// with who reported whom and the chat around a reported line, and a form to warn, mute, ban
// or close the account with a reason and a length; then the log of every action.

import { h, fill } from "./dom.js";
import { moderate, moderationLog, mySanctions, openReports, reportHandled } from "./api.js";
import { currentPlayer, PLAYER_CHANGED } from "./store.js";
import { language, t } from "./i18n.js";

const when = (seconds) =>
  new Date(seconds * 1000).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });

function sentence(s) {
  const end = s.until ? t("until {0}", when(s.until)) : t("for good");
  if (s.action === "mute") return t("A moderator muted you ({0}): {1}", end, s.reason);
  if (s.action === "ban") return t("A moderator banned you from new games ({0}): {1}", end, s.reason);
  if (s.action === "annul") return t("A moderator annulled the rating change of a game of yours: {0}", s.reason);
  if (s.action === "close") return t("A moderator closed this account: {0}", s.reason);
  return t("A moderator warned you: {0}", s.reason);
}

/** The notice under the header; `link`: the header's Moderation link, shown to staff. */
export function mountSanctionNotice(notice, link) {
  async function draw() {
    notice.hidden = true;
    if (link) link.hidden = true;
    if (!currentPlayer()) return;
    let found;
    try {
      found = await mySanctions();
    } catch {
      return;
    }
    if (link) link.hidden = !found.role;
    const shown = found.sanctions.filter((s) => s.in_force || s.action === "warn" || s.action === "annul");
    if (!shown.length) return;
    fill(notice, ...shown.map((s) => h("p", { class: `sanction sanction-${s.action}` }, sentence(s))));
    notice.hidden = false;
  }
  window.addEventListener(PLAYER_CHANGED, draw);
  draw();
}

function actionForm(report, done) {
  const action = h("select", { class: "mod-action", "aria-label": t("action") },
    ...[["warn", t("Warn")], ["mute", t("Mute")], ["ban", t("Ban from new games")], ["close", t("Close the account")]]
      .map(([value, label]) => h("option", { value }, label)));
  const minutes = h("input", { type: "number", min: "1", class: "mod-minutes", placeholder: t("minutes (empty: for good)"), "aria-label": t("minutes") });
  const reason = h("input", { type: "text", class: "mod-reason", maxlength: "500", required: true, placeholder: t("reason, shown to the player"), "aria-label": t("reason") });
  const note = h("span", { class: "mod-note", role: "status" });
  const form = h("form", { class: "mod-form" }, action, minutes, reason,
    h("button", { type: "submit", class: "primary" }, t("Act")), note);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { player: report.player.id, action: action.value, reason: reason.value, table: report.table || null };
    if (minutes.value && (action.value === "mute" || action.value === "ban")) body.minutes = Number(minutes.value);
    try {
      await moderate(body);
      await reportHandled(report.id);
      done();
    } catch (err) {
      note.textContent = err.message;
    }
  });
  return form;
}

function reportCard(report, redraw) {
  const who = report.player ? report.player.name : t("a table");
  const chat = report.chat.length
    ? h("ol", { class: "mod-chat" }, ...report.chat.map((line) =>
        h("li", { class: line.reported ? "reported" : "" }, t("seat {0}", (line.seat ?? 0) + 1) + ": " + line.text)))
    : null;
  const handled = h("button", { type: "button", class: "mod-handled" }, t("Nothing to do"));
  handled.addEventListener("click", async () => { await reportHandled(report.id); redraw(); });
  return h("li", { class: "mod-report" },
    h("p", {}, t("{0} reported {1}: {2}", report.reporter.name || "?", who, report.reason)),
    report.table ? h("a", { href: `#/replay/${encodeURIComponent(report.table)}` }, t("the game")) : null,
    chat, report.player ? actionForm(report, redraw) : null, handled);
}

/** The moderation page. */
export function showModeration(root) {
  const queue = h("ol", { class: "mod-queue" });
  const log = h("ol", { class: "mod-log" });
  const status = h("p", { class: "mod-status", role: "status" });
  fill(root, h("section", { class: "moderation" },
    h("h2", {}, t("Moderation")), status,
    h("h3", {}, t("Reports")), queue, h("h3", {}, t("What moderators did")), log));
  async function draw() {
    try {
      const [{ reports }, { actions }] = await Promise.all([openReports(), moderationLog()]);
      status.textContent = reports.length ? "" : t("No report waits.");
      fill(queue, ...reports.map((r) => reportCard(r, draw)));
      fill(log, ...actions.map((a) => h("li", {},
        t("{0}: {1} {2} — {3}", when(a.at), a.moderator_name || "?", `${a.action} ${a.name || ""}`, a.reason))));
    } catch (err) {
      status.textContent = err.message;
    }
  }
  draw();
  return {};
}
