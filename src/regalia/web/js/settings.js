// The settings page (#/settings[/{note}]): which events to hear about, on which channels
// (pushes on this device, e-mail), quiet hours in the player's time zone, a daily digest,
// the e-mail address and its confirmation. #/reset[/{token}]: a forgotten password, by mail.

import { h, fill } from "./dom.js";
import { language, t } from "./i18n.js";
import { currentPlayer, signIn } from "./store.js";
import { disablePush, enablePush, notifyCall, pushState } from "./pwa.js";
import { chatSection } from "./chatpref.js";

const EVENTS = () => [
  ["turn", t("It is my turn in a turn-based game")],
  ["game_over", t("A game I play is over")],
  ["challenge", t("Someone challenges me")],
  ["tournament", t("A tournament round starts")],
];
const CHANNELS = () => [
  ["push", t("Notifications on my devices")],
  ["email", t("E-mail")],
];
const NOTES = () => ({
  "email-verified": t("Your e-mail address is confirmed."),
  "email-expired": t("That link was used already or has expired: ask for a new one."),
  unsubscribed: t("Done: you will get no more of these e-mails."),
});

function zones() {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes("UTC") ? all : ["UTC", ...all];
}

function here() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function checkbox(name, checked, label) {
  const box = h("input", { type: "checkbox", name, checked: checked ? "" : null });
  box.checked = Boolean(checked);
  return [box, h("label", { class: "settings-check" }, box, " ", label)];
}

export function showSettings(root, note) {
  const page = h("section", { class: "settings-page" }, h("h1", {}, t("Notifications")));
  root.append(page);
  const notes = NOTES();
  if (note && notes[note]) page.append(h("p", { class: "settings-note", role: "status" }, notes[note]));
  const body = h("div", { class: "settings-body" });
  page.append(body);
  if (!currentPlayer()) {
    body.append(h("p", {}, t("Choose a player name first (at the top of the page): notifications are for players.")));
    return {};
  }
  body.append(h("p", { class: "muted" }, t("Loading…")));
  load(body).catch((err) => fill(body, h("p", { class: "error", role: "alert" }, err.message)));
  return {};
}

async function load(body) {
  const mine = await notifyCall("GET", "/api/players/me/notifications");
  const prefs = mine.prefs;
  const status = h("p", { class: "settings-status", role: "status", "aria-live": "polite" });
  const say = (text) => { status.textContent = text; };
  const eventList = EVENTS();
  const channelList = CHANNELS();
  const events = eventList.map(([name, label]) => checkbox(`event-${name}`, prefs.events[name], label));
  const channels = channelList.map(([name, label]) => checkbox(`channel-${name}`, prefs.channels[name], label));
  const [quietBox, quietLabel] = checkbox("quiet", prefs.quiet, t("Quiet hours: nothing between"));
  const start = h("input", { type: "time", name: "quiet-start", value: prefs.quiet ? prefs.quiet.start : "22:00", "aria-label": t("quiet from") });
  const end = h("input", { type: "time", name: "quiet-end", value: prefs.quiet ? prefs.quiet.end : "08:00", "aria-label": t("quiet until") });
  const zone = h("select", { name: "tz", "aria-label": t("time zone") },
    zones().map((z) => h("option", { value: z }, z)));
  zone.value = prefs.quiet ? prefs.quiet.tz : prefs.tz !== "UTC" ? prefs.tz : here();
  const [digestBox, digestLabel] = checkbox("digest", prefs.digest, t("One e-mail a day (at 08:00) instead of one per turn"));
  const save = h("button", { type: "submit", class: "primary" }, t("Save"));
  const form = h("form", { class: "settings-form" },
    h("fieldset", {}, h("legend", {}, t("Tell me when")), events.map(([, label]) => label)),
    h("fieldset", {}, h("legend", {}, t("How")), channels.map(([, label]) => label)),
    h("fieldset", {}, h("legend", {}, t("When not")),
      h("div", { class: "settings-row" }, quietLabel, start, h("span", {}, t("and")), end),
      h("label", { class: "settings-row" }, t("Time zone"), " ", zone),
      digestLabel),
    h("div", { class: "settings-row" }, save));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const wanted = {
      events: Object.fromEntries(eventList.map(([name], i) => [name, events[i][0].checked])),
      channels: Object.fromEntries(channelList.map(([name], i) => [name, channels[i][0].checked])),
      quiet: quietBox.checked ? { start: start.value, end: end.value, tz: zone.value } : null,
      digest: digestBox.checked,
      language: language(),
      tz: zone.value,
    };
    try {
      await notifyCall("PUT", "/api/players/me/notifications", wanted);
      say(t("Saved."));
    } catch (err) {
      say(err.message);
    }
  });
  fill(body, form, status, await deviceSection(say), await chatSection(say), emailSection(mine, say));
}

async function deviceSection(say) {
  const section = h("section", { class: "settings-device" }, h("h2", {}, t("This device")));
  const line = h("p", {});
  const button = h("button", { type: "button", name: "push" });
  section.append(line, button);
  const show = async () => {
    const state = await pushState();
    line.textContent = {
      on: t("This device shows your notifications."),
      off: t("This device shows no notifications."),
      denied: t("Notifications are blocked for this site in this browser's settings."),
      unsupported: t("This browser cannot show notifications from a site."),
    }[state];
    button.hidden = state === "denied" || state === "unsupported";
    button.textContent = state === "on" ? t("Turn notifications off here") : t("Turn notifications on here");
    button.dataset.state = state;
  };
  button.addEventListener("click", async () => {
    try {
      if (button.dataset.state === "on") await disablePush();
      else await enablePush();
    } catch (err) {
      say(err.message);
    }
    await show();
  });
  await show();
  return section;
}

function emailSection(mine, say) {
  const section = h("section", { class: "settings-email" }, h("h2", {}, t("E-mail")));
  if (!mine.mail) {
    section.append(h("p", { class: "muted" }, t("This server sends no e-mail.")));
    return section;
  }
  const email = mine.email;
  section.append(h("p", {}, !email ? t("No address yet.")
    : email.verified ? t("Your address: {0} (confirmed)", email.address)
      : t("Your address: {0} (not confirmed yet: open the link we mailed to it)", email.address)));
  const address = h("input", { type: "email", name: "email", maxlength: 254, required: true, autocomplete: "email",
    placeholder: t("you@example.org"), "aria-label": t("e-mail address"), value: email ? email.address : "" });
  const form = h("form", { class: "settings-row" }, address,
    h("button", { type: "submit" }, t("Send a confirmation link")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await notifyCall("POST", "/api/players/me/email", { address: address.value.trim() });
      say(t("A confirmation link is on its way to {0}.", address.value.trim()));
    } catch (err) {
      say(err.message);
    }
  });
  section.append(form);
  return section;
}

/** #/reset: ask for a reset link; #/reset/{token}: choose the new password. */
export function showReset(root, token) {
  const page = h("section", { class: "settings-page" }, h("h1", {}, t("Forgotten password")));
  const status = h("p", { class: "settings-status", role: "status", "aria-live": "polite" });
  root.append(page);
  if (!token) {
    const who = h("input", { name: "who", required: true, maxlength: 254, "aria-label": t("player name or e-mail address"),
      placeholder: t("player name or e-mail address") });
    const form = h("form", { class: "settings-row" }, who, h("button", { type: "submit", class: "primary" }, t("Mail me a link")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await notifyCall("POST", "/api/password/forgot", { who: who.value.trim() });
        status.textContent = t("If that player has a confirmed e-mail address, a link is on its way: it works once, for 30 minutes.");
      } catch (err) {
        status.textContent = err.message;
      }
    });
    page.append(h("p", {}, t("We mail a link to the confirmed address of your player.")), form, status);
    return {};
  }
  const password = h("input", { type: "password", name: "new-password", minlength: 8, maxlength: 200, required: true,
    autocomplete: "new-password", "aria-label": t("new password"), placeholder: t("New password ({0}+ characters)", 8) });
  const form = h("form", { class: "settings-row" }, password, h("button", { type: "submit", class: "primary" }, t("Set the new password")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answer = await notifyCall("POST", "/api/password/reset", { token, password: password.value });
      signIn(answer, true);
      status.textContent = t("Your new password is set, and you are signed in on this device.");
      form.remove();
    } catch (err) {
      status.textContent = err.message;
    }
  });
  page.append(form, status);
  return {};
}
